"""
Starts a real Assay server (the Python SDK tests' ``AssayServer``: a fresh data dir, and a fresh
database of its own when ``DATABASE_URL`` names a PostgreSQL server), seeds a little data so
generated requests reach past "not found", and runs schemathesis against the document the server
serves. Exits with schemathesis's status.

    python fuzz/run.py <schemathesis> [schemathesis run options]
"""

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any, Dict

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "clients" / "python" / "tests"))

from support.assay_server import AssayServer  # noqa: E402


class FuzzedServer(AssayServer):
    """
    The SDK tests' server with the defaults of a fresh install: no model host allow-listed (generated
    ``api_url``s must not reach this machine), no provider keys, no default judge model.
    """

    def _environment(self, fake_model_url: str) -> Dict[str, str]:
        env = super()._environment(fake_model_url)
        for name in ("ALLOWED_MODEL_HOSTS", "OPENAI_API_KEY", "ASSAY_PROVIDER_OPENAI_BASE_URL"):
            env.pop(name, None)
        return env


def call(server: AssayServer, method: str, path: str, body: Any = None) -> Any:
    request = urllib.request.Request(
        server.base_url + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"x-api-key": server.api_key, "content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def seed(server: AssayServer) -> Dict[str, str]:
    """
    A judge and a custom model in the key's default project; returns the path parameters every
    project-scoped operation gets, so generated requests reach the project instead of a 404.
    """
    organization = call(server, "GET", "/organizations")["data"]
    project = "/organizations/{}/projects/{}".format(organization["id"], organization["projects"][0]["id"])
    call(server, "POST", project + "/judges", {"name": "fuzz judge", "evaluation_goal": "Is the answer polite?"})
    model = {"name": "fuzz model", "key": "fuzz/model", "description": "", "max_tokens": 16}
    call(server, "POST", project + "/custom-models", dict(model, api_url="https://api.openai.com/v1"))
    return {"organization_id": organization["id"], "project_id": organization["projects"][0]["id"]}


def config(path: Path, parameters: Dict[str, str]) -> Path:
    """A schemathesis.toml that fixes the organization and project of every path."""
    lines = ["[parameters]"] + ['"path.{}" = "{}"'.format(k, v) for k, v in parameters.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def main() -> int:
    schemathesis, options = sys.argv[1], sys.argv[2:]
    server = FuzzedServer("http://127.0.0.1:9", default_judge_model=None, with_gsm8k=False).start()
    try:
        settings = config(Path(server.data_dir, "schemathesis.toml"), seed(server))
        done = subprocess.run(
            [
                schemathesis,
                "--config-file",
                str(settings),
                "run",
                server.base_url + "/openapi.json",
                "--url",
                server.base_url,
                "--header",
                "x-api-key: " + server.api_key,
                *options,
            ],
            # Its replay files go with the run's data dir, not into the repository.
            cwd=server.data_dir,
        )
        errors = [line for line in server.log.splitlines() if '"level":50' in line or "ERROR" in line]
        if errors:
            print("the server logged errors:\n" + "\n".join(errors[:50]), file=sys.stderr)
        return done.returncode or (1 if errors else 0)
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(main())
