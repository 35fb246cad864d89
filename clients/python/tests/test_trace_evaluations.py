"""
``client.trace_evaluations`` against a real server whose workers judge with the fake judge (a trace
that mentions Paris passes): create, follow, verdicts, listing, estimates, bulk creation.
"""

from pathlib import Path
from typing import List

import pytest

from assay import Assay, AsyncAssay, Judge, NotFoundError
from assay._exceptions import WaitTimeoutError
from assay.types import (
    CostEstimateResponse,
    TraceEvaluation,
    TraceEvaluationResult,
    TraceEvaluationsResponse,
    TraceEvaluationStatus,
)

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import TRACE_ROWS, write_jsonl


@pytest.fixture(scope="module")
def trace_ids(assay_server: AssayServer, tmp_path_factory: pytest.TempPathFactory) -> List[str]:
    path = write_jsonl(tmp_path_factory.mktemp("traces") / (unique("judged") + ".jsonl"), TRACE_ROWS)
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        return client.traces.upload(path).trace_ids


@pytest.fixture(scope="module")
def judge(assay_server: AssayServer) -> Judge:
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        return client.judges.create(name=unique("Paris judge"), evaluation_goal="Pass when the answer names Paris.")


def test_create_and_wait_for_the_verdict(client: Assay, trace_ids: List[str], judge: Judge) -> None:
    created = client.trace_evaluations.create(trace_ids[0], judge.id)
    assert isinstance(created, TraceEvaluation)
    assert created.status in (TraceEvaluationStatus.PENDING, TraceEvaluationStatus.IN_PROGRESS)
    assert created.trace_id == trace_ids[0] and created.judge_id == judge.id
    assert created.judge_snapshot is not None and created.judge_snapshot.evaluation_goal == judge.evaluation_goal

    result = client.trace_evaluations.wait_for_completion(created.id, interval_seconds=0.1, timeout_seconds=60)
    assert isinstance(result, TraceEvaluationResult)
    assert result.passed is True and result.score == pytest.approx(0.9)
    assert result.trace_evaluation_id == created.id and "Paris" in result.reasoning
    assert client.trace_evaluations.get(created.id).status == TraceEvaluationStatus.SUCCESS
    assert client.trace_evaluations.get_results(created.id) == result

    failing = client.trace_evaluations.create(trace_id=trace_ids[1], judge_id=judge.id)
    verdict = client.trace_evaluations.wait_for_completion(failing.id, interval_seconds=0.1, timeout_seconds=60)
    assert verdict is not None and verdict.passed is False


def test_results_are_none_until_the_verdict_exists(client: Assay) -> None:
    assert client.trace_evaluations.get_results("00000000-0000-4000-8000-000000000000") is None
    with pytest.raises(NotFoundError):
        client.trace_evaluations.get("00000000-0000-4000-8000-000000000000")


def test_waiting_gives_up_after_its_timeout(client: Assay, judge: Judge, tmp_path: Path) -> None:
    slow = write_jsonl(tmp_path / (unique("slow") + ".jsonl"), [{"input": "Capital?", "output": "[slow] Lyon"}])
    created = client.trace_evaluations.create(client.traces.upload(slow).trace_ids[0], judge.id)
    with pytest.raises(WaitTimeoutError) as caught:
        client.trace_evaluations.wait_for_completion(created.id, interval_seconds=0.05, timeout_seconds=0.3)
    assert isinstance(caught.value, TimeoutError) and caught.value.last.id == created.id


def test_list_filters_and_totals(client: Assay, trace_ids: List[str], judge: Judge) -> None:
    runs = client.trace_evaluations.create_many(trace_ids, judge)
    assert [r.trace_id for r in runs] == trace_ids
    for run in runs:
        client.trace_evaluations.wait_for_completion(run.id, interval_seconds=0.1, timeout_seconds=60)
    page = client.trace_evaluations.get_many(judge_id=judge.id, page_size=100)
    assert isinstance(page, TraceEvaluationsResponse)
    assert {r.id for r in runs} <= {r.id for r in page.trace_evaluations}
    assert page.total >= len(runs)
    passed = client.trace_evaluations.get_many(judge_id=judge.id, outcome="pass", page_size=100)
    assert {r.trace_id for r in passed.trace_evaluations} == {trace_ids[0], trace_ids[2]}
    one = client.trace_evaluations.get_many(trace_id=trace_ids[1], judge_id=judge.id)
    assert {r.trace_id for r in one.trace_evaluations} == {trace_ids[1]}
    traces = client.traces.get_many(judge_id=judge.id, status="pass")
    assert {t.id for t in traces.traces} == {trace_ids[0], trace_ids[2]}


def test_estimate_cost(client: Assay, trace_ids: List[str], judge: Judge) -> None:
    estimate = client.trace_evaluations.estimate_cost(trace_ids, judge.id)
    assert isinstance(estimate, CostEstimateResponse)
    assert estimate.trace_count == 3 and estimate.input_tokens > 0 and estimate.model


@pytest.mark.anyio
async def test_async_trace_evaluations(assay_server: AssayServer, trace_ids: List[str], judge: Judge) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        created = await client.trace_evaluations.create(trace_ids[0], judge.id)
        result = await client.trace_evaluations.wait_for_completion(
            created.id, interval_seconds=0.1, timeout_seconds=60
        )
        assert result is not None and result.passed
        assert (await client.trace_evaluations.get(created.id)).status == "success"
        assert (await client.trace_evaluations.get_results(created.id)) == result
        listed = await client.trace_evaluations.get_many(judge_id=judge.id, page_size=100)
        assert created.id in [r.id for r in listed.trace_evaluations]
        assert (await client.trace_evaluations.estimate_cost(trace_ids[:1], judge)).trace_count == 1
        many = await client.trace_evaluations.create_many(trace_ids[1:], judge.id)
        assert len(many) == 2
