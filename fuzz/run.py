"""
Starts a real Assay server (the Python SDK tests' ``AssayServer``: a fresh data dir, and a fresh
database of its own when ``DATABASE_URL`` names a PostgreSQL server), seeds a little data so
generated requests reach past "not found", sends every operation bodies nested 10,000 deep (which
must be refused with a 4xx), and runs schemathesis against the document the server serves. Exits
with schemathesis's status, or 1 when a deep body was not refused or the server logged an error.

    python fuzz/run.py <schemathesis> [schemathesis run options]
"""

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "clients" / "python" / "tests"))

from support.assay_server import AssayServer


class FuzzedServer(AssayServer):
    """
    The SDK tests' server with the defaults of a fresh install: no model host allow-listed (generated
    ``api_url``s must not reach this machine), no provider keys, no default judge model.
    """

    def _environment(self, fake_model_url: str) -> dict[str, str]:
        env = super()._environment(fake_model_url)
        for name in ("ALLOWED_MODEL_HOSTS", "OPENAI_API_KEY", "ASSAY_PROVIDER_OPENAI_BASE_URL"):
            env.pop(name, None)
        return env


def call(server: AssayServer, method: str, url: str, body: Any = None, headers: Any = None) -> Any:
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url if url.startswith("http") else server.base_url + url,
        method=method,
        data=data,
        headers=headers or {"x-api-key": server.api_key, "content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def upload(server: AssayServer, path: str, filename: str, rows: list[dict[str, Any]]) -> None:
    """A JSONL file through a presigned upload URL, as clients send one."""
    content = "".join(json.dumps(row) + "\n" for row in rows).encode()
    announced = {"filename": filename, "type": "application/jsonl", "size": len(content)}
    url = call(server, "POST", path, announced)["data"]
    call(server, "PUT", url["url"], content, url["headers"])


def seed(server: AssayServer) -> tuple[dict[str, str], dict[str, list[str]]]:
    """
    A custom model, a judge of it, a benchmark and traces in the key's default project. Returns
    the organization and project every path gets (generated ones would only ever meet a 404), and
    dictionaries of the seeded ids that generated ids are drawn from half of the time, so requests
    also reach rows that exist.
    """
    organization = call(server, "GET", "/organizations")["data"]
    ids = {"organization_id": organization["id"], "project_id": organization["projects"][0]["id"]}
    project = "/organizations/{organization_id}/projects/{project_id}".format(**ids)
    model = {"name": "fuzz model", "key": "fuzz/model", "description": "", "max_tokens": 16}
    model_id = call(server, "POST", project + "/custom-models", dict(model, api_url="https://api.openai.com/v1"))[
        "data"
    ]["model_id"]
    judge = {"name": "fuzz judge", "evaluation_goal": "Is the answer polite?", "model_id": model_id}
    judge_id = call(server, "POST", project + "/judges", judge)["data"]["id"]
    upload(server, project + "/upload", "fuzz.jsonl", [{"input": "What is 2 + 3?", "truth": "5"}])
    benchmark = {"name": "fuzz benchmark", "description": "", "file": "fuzz.jsonl"}
    benchmark_id = call(server, "POST", project + "/custom-benchmarks", benchmark)["data"]["benchmark_id"]
    upload(server, project + "/traces/upload", "fuzz.jsonl", [{"input": "Hello?", "output": "Hi."}])
    trace_ids = call(server, "POST", project + "/traces", {"filename": "fuzz.jsonl"})["data"]["trace_ids"]
    return ids, {
        "models": [model_id],
        "judges": [judge_id],
        "benchmarks": [benchmark_id],
        "traces": trace_ids,
        "files": ["fuzz.jsonl"],
    }


#: Where generated requests name a seeded row: dictionary per parameter or body field.
BINDINGS = {
    "path.model_id": "models",
    "body.model_id": "models",
    "body.[*].model_id": "models",
    "body.models.[*]": "models",
    "body.llm_judge_model_id": "models",
    "path.judge_id": "judges",
    "body.judge_id": "judges",
    "path.benchmark_id": "benchmarks",
    "body.[*].dataset_id": "benchmarks",
    "body.datasets.[*]": "benchmarks",
    "path.trace_id": "traces",
    "body.trace_id": "traces",
    "body.trace_ids.[*]": "traces",
    "body.annotations.[*].judge_id": "judges",
    "body.annotations.[*].trace_id": "traces",
    "body.file": "files",
    "body.filename": "files",
}


def config(path: Path, parameters: dict[str, str], dictionaries: dict[str, list[str]]) -> Path:
    """A schemathesis.toml with the fixed path parameters and the seeded ids."""
    lines = ["[parameters]"]
    lines += ["{} = {}".format(json.dumps("path." + k), json.dumps(v)) for k, v in parameters.items()]
    lines += [f'{json.dumps(k)} = {{ dictionary = "{v}", probability = 0.5 }}' for k, v in BINDINGS.items()]
    for name, values in dictionaries.items():
        lines += ["", f"[dictionaries.{name}]", f"values = {json.dumps(values)}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


#: How deep the nesting check nests its bodies: past the 8,000 levels that once overflowed the stack.
NESTING_DEPTH = 10_000


def status_of(method: str, url: str, body: bytes, headers: dict[str, str]) -> int:
    """The status a request is answered with, error or not."""
    request = urllib.request.Request(url, method=method, data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def check_nesting_depth(server: AssayServer, parameters: dict[str, str], dictionaries: dict[str, list[str]]) -> list[str]:
    """
    Sends bodies nested NESTING_DEPTH deep (arrays, then objects) to every operation of the served
    document that takes a body, and to the dashboard's sign-in, which is not in it. An operation
    that takes JSON must answer 4xx; none may answer 5xx. Schemathesis never generates such depth,
    and a recursive walk of the body once made every route a 500. Answers the failures.
    """
    document = call(server, "GET", "/openapi.json")
    seeded = {"model_id": "models", "judge_id": "judges", "benchmark_id": "benchmarks", "trace_id": "traces"}
    bodies = [
        ("[" * NESTING_DEPTH + "]" * NESTING_DEPTH).encode(),
        ('{"a":' * NESTING_DEPTH + "1" + "}" * NESTING_DEPTH).encode(),
    ]

    def value(match: "re.Match[str]") -> str:
        name = match.group(1)
        return parameters.get(name) or (dictionaries.get(seeded.get(name, ""), ["x"]) or ["x"])[0]

    targets = []
    for template, operations in document["paths"].items():
        path = re.sub(r"\{(\w+)\}", value, template)
        for method, operation in operations.items():
            if method == "get":
                continue
            takes_json = "application/json" in operation.get("requestBody", {}).get("content", {})
            targets.append((method.upper(), server.base_url + path, takes_json, {"x-api-key": server.api_key}))
    targets.append(
        ("POST", server.origin + "/ui/session", True, {"origin": server.origin, "x-assay-request": "1"})
    )
    failures = []
    for method, url, takes_json, headers in targets:
        for body in bodies:
            status = status_of(method, url, body, dict(headers, **{"content-type": "application/json"}))
            if status >= 500 or (takes_json and not 400 <= status < 500):
                failures.append(f"{method} {url}: {status}")
    print(
        f"nesting depth: {len(targets)} operations x {len(bodies)} bodies nested {NESTING_DEPTH} deep, "
        f"{len(failures)} not refused with a 4xx",
        flush=True,
    )
    return failures


def logged_level(line: str) -> int:
    """The pino level of a log line (50 error, 60 fatal); 0 for anything else."""
    try:
        level = json.loads(line).get("level", 0)
    except (ValueError, AttributeError):
        return 0
    return level if isinstance(level, int) else 0


def undecorated(line: str) -> str:
    """
    Schemathesis's report closes on a pytest-style "==== 3 warnings in 93.00s ====" line, which CI
    tooling reads as pytest closing on no test run. Its section rules become dashes, and the closing
    line is reworded to "--- schemathesis: 3 warnings (93.00s) ---".
    """
    match = re.fullmatch(r"=+ (.+?) =+\n?", line)
    if not match:
        return line
    return "--- schemathesis: " + re.sub(r" in ([\d.]+s)$", r" (\1)", match.group(1)) + " ---\n"


def with_headroom(schemathesis: str) -> list[str]:
    """
    The command that runs schemathesis (its console script's interpreter and entry point) with a
    recursion limit of 10,000 instead of 1,000. Its coverage phase walks schemas deep, and there
    Hypothesis parses a 200 kB module of schemathesis to describe a filter: at Python's default
    limit that parse runs out of depth, which CPython 3.11.7 reports as "SystemError: AST
    constructor recursion depth mismatch" and schemathesis as an error of the operation it was
    testing (seen once in CI on GET /evaluations, not reproducible with the same seed).
    """
    python = Path(schemathesis).with_name("python")
    entry = (
        "import sys; sys.setrecursionlimit(10_000); sys.argv[0] = 'schemathesis'; "
        "from schemathesis.cli import schemathesis; sys.exit(schemathesis())"
    )
    return [str(python), "-c", entry]


def main() -> int:
    schemathesis, options = sys.argv[1], sys.argv[2:]
    server = FuzzedServer("http://127.0.0.1:9", default_judge_model=None, with_gsm8k=False).start()
    try:
        parameters, dictionaries = seed(server)
        settings = config(Path(server.data_dir, "schemathesis.toml"), parameters, dictionaries)
        too_deep = check_nesting_depth(server, parameters, dictionaries)
        if too_deep:
            print("bodies nested deep were not refused with a 4xx:\n" + "\n".join(too_deep), file=sys.stderr)
        done = subprocess.Popen(
            [
                *with_headroom(schemathesis),
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
            stdout=subprocess.PIPE,
            text=True,
        )
        assert done.stdout is not None
        for line in done.stdout:
            print(undecorated(line), end="", flush=True)
        done.wait()
        errors = [line for line in server.log.splitlines() if logged_level(line) >= 50]
        if errors:
            print("the server logged errors:\n" + "\n".join(errors[:50]), file=sys.stderr)
        return done.returncode or (1 if errors or too_deep else 0)
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(main())
