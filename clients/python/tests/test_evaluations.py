"""
``client.evaluations`` and ``client.results`` against a real server whose workers evaluate the fake
model on five sums (it gets one wrong): create, follow, statistics, results, listing, cancel.
"""

from pathlib import Path

import pytest

from assay import Assay, AsyncAssay, Evaluation, EvaluationStatus, NotFoundError
from assay._exceptions import WaitTimeoutError
from assay.types import CustomBenchmark, CustomModel, EvaluationStats, Result, ResultExecution, ResultsResponse

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import write_jsonl


@pytest.fixture(scope="module")
def finished(assay_server: AssayServer, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark) -> Evaluation:
    """One evaluation run to the end, shared by the read-only tests of this module."""
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        created = client.evaluations.create(model=custom_model, benchmark=arithmetic_benchmark)
        return client.evaluations.wait_for_completion(created, interval_seconds=0.2, timeout_seconds=60)


def test_create_answers_a_pending_evaluation_of_the_objects_given(
    client: Assay, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    created = client.evaluations.create(model=custom_model, benchmark=arithmetic_benchmark, limit=1)
    assert isinstance(created, Evaluation)
    assert created.status in (EvaluationStatus.PENDING, EvaluationStatus.IN_PROGRESS)
    assert created.finished_at == 0
    assert created.model_id == custom_model.id and created.benchmark_id == arithmetic_benchmark.id
    assert created.dataset_id == arithmetic_benchmark.id
    client.evaluations.wait_for_completion(created, interval_seconds=0.2, timeout_seconds=60)


def test_wait_for_completion_returns_the_result_with_accuracy_and_statistics(finished: Evaluation) -> None:
    assert finished.status == EvaluationStatus.SUCCESS and finished.is_finished and finished.is_success
    assert finished.accuracy == pytest.approx(0.8)
    assert finished.finished_at >= finished.submitted_at > 0
    stats = finished.assay
    assert isinstance(stats, EvaluationStats)
    assert (stats.progress.total, stats.progress.done, stats.progress.correct) == (5, 5, 4)
    assert stats.accuracy_ci95.low < 0.8 < stats.accuracy_ci95.high
    assert sorted((s.name, s.total, s.correct) for s in stats.subsets) == [("large", 2, 2), ("small", 3, 2)]
    assert stats.tokens.total > 0


def test_get_and_get_by_id(client: Assay, finished: Evaluation) -> None:
    assert client.evaluations.get(finished).id == finished.id
    again = client.evaluations.get_by_id(finished.id)
    assert again.accuracy == finished.accuracy
    with pytest.raises(NotFoundError):
        client.evaluations.get_by_id("00000000-0000-4000-8000-000000000000")


def test_results_pages_and_all(client: Assay, finished: Evaluation) -> None:
    every = client.results.get_all(evaluation=finished)
    assert len(every) == 5 and all(isinstance(r, Result) for r in every)
    assert [r.position for r in every] == [0, 1, 2, 3, 4]
    assert [r.passed for r in every] == [True, True, False, True, True]
    assert every[2].truth == "14" and "15" in every[2].result
    assert every[0].duration.total_seconds() >= 0
    # A numeric benchmark runs no code: no execution.
    assert all(r.execution is None for r in every)

    page = client.results.get(evaluation=finished, page=2, page_size=2)
    assert isinstance(page, ResultsResponse)
    assert [r.position for r in page.results] == [2, 3]
    assert (page.pagination.page, page.pagination.page_size) == (2, 2)
    assert (page.pagination.total_pages, page.pagination.total_count) == (3, 5)
    assert client.results.get_by_id(evaluation_id=finished.id).metrics.total_count == 5
    failed = client.results.get_all_by_id(evaluation_id=finished.id, outcome="failed")
    assert [r.position for r in failed] == [2]
    large = client.results.get_all_by_id(evaluation_id=finished.id, subset="large")
    assert len(large) == 2 and all(r.subset == "large" for r in large)
    text = every[2].prompt[-16:]
    found = client.results.get(evaluation=finished, search=text.upper(), outcome="failed")
    assert [r.position for r in found.results] == [2] and found.pagination.total_count == 1
    matches = client.results.get_all(evaluation=finished, search=text.upper())
    assert 2 in [r.position for r in matches]
    assert all(text.lower() in (r.prompt + r.result + r.truth).lower() for r in matches)


def test_a_result_reads_the_run_of_its_code() -> None:
    base = {"subset": "default", "prompt": "Write f().", "result": "", "truth": "", "duration": 0.5}
    failed = {"exit": "failed", "stdout": "", "stderr": "…\nAssertionError", "duration_ms": 48}
    result = Result.model_validate(dict(base, score=0, metrics={}, execution=failed))
    assert result.execution == ResultExecution(exit="failed", stdout="", stderr="…\nAssertionError", duration_ms=48)
    # Answers of servers before `execution` still read.
    assert Result.model_validate(dict(base, score=0, metrics={})).execution is None


def test_get_many_filters_sorts_and_pages(
    client: Assay, finished: Evaluation, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    listed = client.evaluations.get_many(model_ids=[custom_model.id], status=EvaluationStatus.SUCCESS)
    assert finished.id in [e.id for e in listed.evaluations]
    assert all(e.model_id == custom_model.id and e.status == "success" for e in listed.evaluations)
    assert listed.pagination.total_count == len(listed.evaluations)
    one = client.evaluations.get_many(page=1, page_size=1, sort_by="submitted_at", order="desc")
    assert len(one.evaluations) == 1 and one.pagination.page_size == 1
    unique_pairs = client.evaluations.get_many(
        model_ids=[custom_model.id], benchmark_ids=[arithmetic_benchmark.id], unique=True
    )
    assert len(unique_pairs.evaluations) == 1
    assert client.evaluations.get_many(status="timeout", model_ids=[custom_model.id]).evaluations == []


def test_evaluation_objects_follow_themselves(
    client: Assay, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    created = client.evaluations.create(model=custom_model, benchmark=arithmetic_benchmark, cache=False)
    same = created.wait_for_completion(interval_seconds=0.2, timeout_seconds=60)
    assert same is created and created.status == "success"
    assert created.get_results(page_size=2).pagination.total_pages == 3
    assert len(created.get_all_results()) == 5


def test_cancel_stops_a_running_evaluation_and_waiting_ends_on_cancelled(
    client: Assay, custom_model: CustomModel, tmp_path: Path
) -> None:
    rows = [{"input": "[slow] What is {} + 1?".format(i), "truth": str(i + 1)} for i in range(3)]
    created = client.benchmarks.create_custom(
        name=unique("Slow"),
        description="",
        file_path=write_jsonl(tmp_path / "slow.jsonl", rows),
        scoring_metric="numeric",
    )
    benchmark = client.benchmarks.get_by_id(created.benchmark_id)
    evaluation = client.evaluations.create(model=custom_model, benchmark=benchmark, cache=False)
    with pytest.raises(WaitTimeoutError) as caught:
        client.evaluations.wait_for_completion(evaluation, interval_seconds=0.1, timeout_seconds=0.3)
    assert isinstance(caught.value, TimeoutError)
    assert caught.value.last.status in (EvaluationStatus.PENDING, EvaluationStatus.IN_PROGRESS)

    cancelled = client.evaluations.cancel(evaluation)
    assert cancelled.status == EvaluationStatus.CANCELLED
    done = client.evaluations.wait_for_completion(evaluation.id, interval_seconds=0.1, timeout_seconds=30)
    assert done.status == EvaluationStatus.CANCELLED and done.is_finished and not done.is_success


def test_another_organizations_evaluation_is_not_found(assay_server: AssayServer, finished: Evaluation) -> None:
    other = assay_server.create_key(unique("Other org"))
    with Assay(api_key=other["key"], base_url=assay_server.base_url) as stranger:
        assert stranger.organization_id == other["organization_id"]
        with pytest.raises(NotFoundError):
            stranger.evaluations.get(finished)
        assert finished.id not in [e.id for e in stranger.evaluations.get_many().evaluations]


@pytest.mark.anyio
async def test_async_evaluations_and_results(
    assay_server: AssayServer, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        created = await client.evaluations.create(model=custom_model, benchmark=arithmetic_benchmark)
        done = await client.evaluations.wait_for_completion(created, interval_seconds=0.2, timeout_seconds=60)
        assert done.status == EvaluationStatus.SUCCESS and done.accuracy == pytest.approx(0.8)
        assert (await client.evaluations.get(done)).id == done.id
        assert (await client.evaluations.get_by_id(done.id)).assay is not None
        listed = await client.evaluations.get_many(model_ids=[custom_model.id])
        assert done.id in [e.id for e in listed.evaluations]
        assert len(await client.results.get_all(evaluation=done)) == 5
        page = await client.results.get(evaluation=done, page=3, page_size=2)
        assert [r.position for r in page.results] == [4]
        assert (await client.results.get_by_id(evaluation_id=done.id)).evaluation_id == done.id
        assert len(await client.results.get_all_by_id(evaluation_id=done.id, outcome="passed")) == 4

        again = await client.evaluations.create(model=custom_model, benchmark=arithmetic_benchmark, limit=2)
        assert await again.wait_for_completion_async(interval_seconds=0.2, timeout_seconds=60) is again
        assert (await again.get_results_async()).metrics.total_count == 2
        assert len(await again.get_all_results_async()) == 2
        with pytest.raises(RuntimeError):
            again.get_results()
        assert (await client.evaluations.cancel(again)).status == EvaluationStatus.SUCCESS
