"""
A new user's first judge on a fresh install: a server without ``ASSAY_DEFAULT_JUDGE_MODEL``. The
judge is created with a name and a goal only, managed as any other, and its first run fails saying
how to give it a model; once it has one, the same run succeeds.
"""

from pathlib import Path
from typing import Iterator, List

import pytest

from assay import Assay, AsyncAssay, Judge, TraceEvaluation, TraceEvaluationResult
from assay.types import TraceEvaluationStatus

from .conftest import unique
from .support.assay_server import JUDGE_MODEL_KEY, AssayServer
from .support.fake_model import FakeModelServer
from .support.files import TRACE_ROWS, write_jsonl

GOAL = "Pass when the answer names Paris."


@pytest.fixture(scope="module")
def fresh_server(fake_model: FakeModelServer) -> Iterator[AssayServer]:
    server = AssayServer(fake_model.url, default_judge_model=None, with_gsm8k=False).start()
    yield server
    server.close()


@pytest.fixture(scope="module")
def trace_ids(fresh_server: AssayServer, tmp_path_factory: pytest.TempPathFactory) -> List[str]:
    path = write_jsonl(Path(tmp_path_factory.mktemp("traces")) / "first-hour.jsonl", TRACE_ROWS)
    with Assay(api_key=fresh_server.api_key, base_url=fresh_server.base_url) as client:
        return client.traces.upload(path).trace_ids


def test_the_first_hour_flow(fresh_server: AssayServer, trace_ids: List[str]) -> None:
    with Assay(api_key=fresh_server.api_key, base_url=fresh_server.base_url) as client:
        name = unique("First judge")
        judge = client.judges.create(name=name, evaluation_goal=GOAL)
        assert isinstance(judge, Judge) and judge.model_id is None and judge.model_name is None

        renamed = client.judges.update(judge.id, name=name + " v2")
        assert (renamed.version, renamed.name, renamed.model_id) == (2, name + " v2", None)
        assert judge.id in [j.id for j in client.judges.get_many().judges]

        run = client.trace_evaluations.create(trace_ids[0], judge.id)
        failed = client.trace_evaluations.wait_for_completion(run.id, timeout_seconds=60)
        assert isinstance(failed, TraceEvaluation), "the finished run, not None"
        assert failed.status == TraceEvaluationStatus.FAILURE and failed.id == run.id
        assert failed.error is not None and failed.error == failed.status_description
        assert "ASSAY_DEFAULT_JUDGE_MODEL" in failed.error
        assert "judges.update(judge_id, model_id=...)" in failed.error

        with_model = client.judges.update(judge, model_id=JUDGE_MODEL_KEY)
        assert with_model.model_id is not None and with_model.version == 3
        again = client.trace_evaluations.create(trace_ids[0], judge)
        verdict = client.trace_evaluations.wait_for_completion(again, timeout_seconds=60)
        assert isinstance(verdict, TraceEvaluationResult) and verdict.passed is True
        assert verdict.model == JUDGE_MODEL_KEY

        assert client.judges.delete(judge.id).id == judge.id
        assert judge.id not in [j.id for j in client.judges.get_many().judges]


@pytest.mark.anyio
async def test_async_create_without_a_model(fresh_server: AssayServer, trace_ids: List[str]) -> None:
    async with AsyncAssay(api_key=fresh_server.api_key, base_url=fresh_server.base_url) as client:
        judge = await client.judges.create(name=unique("Async first judge"), evaluation_goal=GOAL)
        assert judge.model_id is None
        run = await client.trace_evaluations.create(trace_ids[1], judge)
        failed = await client.trace_evaluations.wait_for_completion(run, timeout_seconds=60)
        assert isinstance(failed, TraceEvaluation) and failed.error is not None
        assert "ASSAY_DEFAULT_JUDGE_MODEL" in failed.error
        assert (await client.judges.delete(judge)).id == judge.id
