"""
Fixtures: one real Assay server for the session (with a fake model endpoint its workers call), a
scripted server for transport behaviours, and the objects several tests share.
"""

import uuid
from pathlib import Path
from typing import Iterator

import pytest

from assay import Assay
from assay.types import CustomBenchmark, CustomModel

from .support.assay_server import AssayServer
from .support.fake_model import FakeModelServer
from .support.files import ARITHMETIC_ROWS, write_jsonl
from .support.scripted_server import ScriptedServer

_CLIENT_ENV = (
    "SERVICE_API_KEY",
    "SERVICE_BASE_URL",
    "LAYERLENS_STRATIX_API_KEY",
    "LAYERLENS_STRATIX_BASE_URL",
    "LAYERLENS_ATLAS_API_KEY",
    "LAYERLENS_ATLAS_BASE_URL",
)


@pytest.fixture(autouse=True)
def _clean_client_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests say which variables they mean; none leaks in from the developer's shell."""
    for name in _CLIENT_ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def fake_model() -> Iterator[FakeModelServer]:
    server = FakeModelServer()
    yield server
    server.close()


@pytest.fixture(scope="session")
def assay_server(fake_model: FakeModelServer) -> Iterator[AssayServer]:
    server = AssayServer(fake_model.url).start()
    yield server
    server.close()


@pytest.fixture
def client(assay_server: AssayServer) -> Iterator[Assay]:
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as assay:
        yield assay


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    server = ScriptedServer()
    yield server
    server.close()


def unique(prefix: str) -> str:
    return "{}-{}".format(prefix, uuid.uuid4().hex[:10])


@pytest.fixture(scope="session")
def custom_model(assay_server: AssayServer, fake_model: FakeModelServer) -> CustomModel:
    """The fake endpoint as a custom model of the project."""
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as assay:
        created = assay.models.create_custom(
            name="Fake arithmetic",
            key="fake/" + unique("arithmetic"),
            description="answers sums",
            api_url=fake_model.url,
            max_tokens=64,
        )
        model = assay.models.get_by_id(created.model_id)
    assert isinstance(model, CustomModel)
    return model


@pytest.fixture(scope="session")
def arithmetic_benchmark(assay_server: AssayServer, tmp_path_factory: pytest.TempPathFactory) -> CustomBenchmark:
    """Five sums scored numerically; the fake model gets one wrong."""
    path = write_jsonl(tmp_path_factory.mktemp("bench") / "arithmetic.jsonl", ARITHMETIC_ROWS)
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as assay:
        created = assay.benchmarks.create_custom(
            name=unique("Arithmetic")[:60], description="sums", file_path=path, scoring_metric="numeric"
        )
        benchmark = assay.benchmarks.get_by_id(created.benchmark_id)
    assert isinstance(benchmark, CustomBenchmark)
    return benchmark


def repo_path(*parts: str) -> Path:
    return Path(__file__).resolve().parents[3].joinpath(*parts)
