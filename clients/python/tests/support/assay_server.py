"""
A real Assay server for the test session: ``node packages/cli/bin/assay.js serve`` of this
repository, on a free port, with a fresh data dir and (when ``DATABASE_URL`` names a PostgreSQL
server) a fresh database of its own. Its workers call the fake model endpoint: custom models point
at it, and the OpenAI provider (the default judge model) is routed to it.
"""

import json
import os
import secrets
import shutil
import socket
import string
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional
from urllib.parse import urlsplit, urlunsplit

REPO_ROOT = Path(__file__).resolve().parents[4]
CLI = REPO_ROOT / "packages" / "cli" / "bin" / "assay.js"
#: The repository runs its TypeScript sources: workspace packages resolve to ``src/`` under this
#: condition (``packages/test-kit/src/workspace-node.ts``); node ignores the shebang that sets it.
NODE_FLAGS = ["--conditions=@assay/source"]
PG_ADMIN = Path(__file__).with_name("pg_admin.cjs")

#: A catalog model routed to the fake endpoint; the default judge model of judges created without one.
JUDGE_MODEL_KEY = "openai/gpt-4o-mini"


#: The built-in GSM8K's data, as the tests import it: as many rows as the real file (the server
#: checks the count), each a sum the fake model answers.
GSM8K_ROWS = 1319
GSM8K_RECORDS = [
    {
        "question": "Q{}: Ann has {} pens and buys {} more. What is {} + {}?".format(i, i, 3, i, 3),
        "answer": "#### {}".format(i + 3),
    }
    for i in range(1, GSM8K_ROWS + 1)
]


def generate_api_key() -> str:
    """A key in the server's own format: ``assay_`` and 40 base62 characters."""
    alphabet = string.digits + string.ascii_uppercase + string.ascii_lowercase
    return "assay_" + "".join(secrets.choice(alphabet) for _ in range(40))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def node_binary() -> str:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js 24 is needed on PATH to start the Assay server")
    major = subprocess.run([node, "-p", "process.versions.node.split('.')[0]"], capture_output=True, text=True)
    if major.stdout.strip() != "24":
        raise RuntimeError("the node on PATH is {}, the Assay server needs Node.js 24".format(major.stdout.strip()))
    return node


class AssayServer:
    """
    ``default_judge_model``: ``ASSAY_DEFAULT_JUDGE_MODEL``, None for a server without one (a fresh
    install); ``with_gsm8k``: load the built-in GSM8K's data at start.
    """

    def __init__(
        self, fake_model_url: str, *, default_judge_model: Optional[str] = JUDGE_MODEL_KEY, with_gsm8k: bool = True
    ) -> None:
        self.node = node_binary()
        self.default_judge_model = default_judge_model
        self.with_gsm8k = with_gsm8k
        self.data_dir = tempfile.mkdtemp(prefix="assay-python-")
        self.port = free_port()
        self.api_key = generate_api_key()
        self.database_url, self._admin_url, self._database = self._create_database()
        self.env = self._environment(fake_model_url)
        self._log: List[str] = []
        self._process: Optional[subprocess.Popen[str]] = None

    @property
    def origin(self) -> str:
        return "http://127.0.0.1:{}".format(self.port)

    @property
    def base_url(self) -> str:
        return self.origin + "/api/v1"

    @property
    def log(self) -> str:
        return "".join(self._log)

    def start(self, timeout: float = 90.0) -> "AssayServer":
        self._process = subprocess.Popen(
            [self.node, *NODE_FLAGS, str(CLI), "serve"],
            cwd=str(REPO_ROOT),
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        listening = threading.Event()
        threading.Thread(target=self._drain, args=(listening,), daemon=True).start()
        deadline = time.monotonic() + timeout
        while not listening.wait(0.1):
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("the Assay server did not start:\n" + self.log)
        try:
            if self.with_gsm8k:
                self.import_gsm8k()
        except BaseException:
            self.close()
            raise
        return self

    def create_key(self, organization: str) -> Dict[str, str]:
        """A key of another organization (``assay keys create``), for tenancy tests."""
        created = json.loads(self._cli("keys", "create", "--organization", organization, "--json").splitlines()[-1])
        return {"key": created["key"], "organization_id": created["organization"]["id"]}

    def _cli(self, *args: str) -> str:
        """An admin command of the CLI, on this server's database and data dir (it may run meanwhile)."""
        done = subprocess.run(
            [self.node, *NODE_FLAGS, str(CLI), *args],
            cwd=str(REPO_ROOT),
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise RuntimeError("assay {} failed:\n{}{}".format(" ".join(args), done.stdout, done.stderr))
        return done.stdout.strip()

    def close(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._database is not None:
            self._sql(self._admin_url, "drop database if exists {} with (force)".format(self._database))
            self._database = None
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def import_gsm8k(self) -> None:
        """
        A few GSM8K records as the built-in benchmark's data (``assay catalog import``), so its
        prompts are served and evaluated without a download: the tests run offline.
        """
        path = Path(self.data_dir, "gsm8k-test.jsonl")
        path.write_text("".join(json.dumps(record) + "\n" for record in GSM8K_RECORDS), encoding="utf-8")
        self._cli("catalog", "import", "gsm8k", "--file", str(path), "--json")

    def _drain(self, listening: threading.Event) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            self._log.append(line)
            if "listening on" in line:
                listening.set()

    def _environment(self, fake_model_url: str) -> Dict[str, str]:
        inherited = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("ASSAY_", "SERVICE_", "LAYERLENS_")) and k not in ("DATABASE_URL", "PORT", "HOST")
        }
        env = dict(
            inherited,
            HOST="127.0.0.1",
            PORT=str(self.port),
            ASSAY_DATA_DIR=self.data_dir,
            ASSAY_BOOTSTRAP_API_KEY=self.api_key,
            ASSAY_RATE_LIMIT_ENABLED="false",
            ASSAY_JOB_POLL_INTERVAL_MS="50",
            LOG_LEVEL="warn",
            ALLOWED_MODEL_HOSTS="127.0.0.1",
            OPENAI_API_KEY="sk-test-fake",
            ASSAY_PROVIDER_OPENAI_BASE_URL=fake_model_url,
        )
        if self.default_judge_model is not None:
            env["ASSAY_DEFAULT_JUDGE_MODEL"] = self.default_judge_model
        if self.database_url is not None:
            env["DATABASE_URL"] = self.database_url
        return env

    def _create_database(self):  # type: ignore[no-untyped-def]
        admin_url = os.environ.get("DATABASE_URL", "").strip()
        if not admin_url:
            return None, None, None
        name = "assay_python_{}".format(secrets.token_hex(6))
        self._sql(admin_url, "create database {}".format(name))
        parts = urlsplit(admin_url)
        return urlunsplit(parts._replace(path="/" + name)), admin_url, name

    def _sql(self, url: Optional[str], statement: str) -> None:
        if url is None:
            return
        subprocess.run([self.node, str(PG_ADMIN), str(REPO_ROOT), url, statement], check=True, timeout=60)
