"""
Assay extensions against a real server: people's labels (annotations) with the judge's agreement,
then a judge optimization run against them, and its apply. The fake judge passes traces that
mention Paris (3 of 12); people pass every trace; the fake optimizer proposes a goal that passes
everything, which agrees with more held-out labels than the original. But 12 labels hold out only 4:
even a goal right on all 4 where the original was wrong is p = 2/2⁴ = 0.125 by McNemar's exact test,
so the run reports it not measurably better, and apply keeps the judge's goal.
"""

from pathlib import Path
from typing import List, Tuple

import pytest

from assay import Assay, AsyncAssay, BadRequestError, Judge, NotFoundError
from assay.types import (
    Annotation,
    ApplyJudgeOptimizationResultResponse,
    Confusion,
    CreateJudgeOptimizationRunResponse,
    EstimateJudgeOptimizationCostResponse,
    HeldOutTest,
    ImportAnnotationsResponse,
    JudgeAnnotationsResponse,
    JudgeOptimizationRun,
    JudgeOptimizationRunsResponse,
    OptimizationBudget,
    OptimizationRunStatus,
    TraceEvaluation,
)

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import write_jsonl

ROWS = [{"input": "Q{}".format(i), "output": "Paris" if i % 4 == 0 else "Lyon"} for i in range(12)]


@pytest.fixture(scope="module")
def judged(assay_server: AssayServer, tmp_path_factory: pytest.TempPathFactory) -> Tuple[Judge, List[TraceEvaluation]]:
    """A judge that has run over twelve traces, half of which it fails."""
    path = write_jsonl(tmp_path_factory.mktemp("labels") / (unique("labelled") + ".jsonl"), ROWS)
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        trace_ids = client.traces.upload(path).trace_ids
        judge = client.judges.create(name=unique("Strict"), evaluation_goal="Pass when the answer names Paris.")
        runs = client.trace_evaluations.create_many(trace_ids, judge)
        for run in runs:
            client.trace_evaluations.wait_for_completion(run.id, interval_seconds=0.1, timeout_seconds=60)
        return judge, runs


def test_labels_and_agreement(client: Assay, judged: Tuple[Judge, List[TraceEvaluation]]) -> None:
    judge, runs = judged
    first = client.annotations.put(runs[0].id, passed=True, score=1.0, comment="fine")
    assert isinstance(first, Annotation)
    assert (first.trace_id, first.judge_id, first.passed, first.comment) == (runs[0].trace_id, judge.id, True, "fine")
    assert client.annotations.get(runs[0].id) == first

    for run in runs[1:6]:
        client.annotations.put(run, passed=True)
    imported = client.annotations.import_many(
        [{"trace_id": run.trace_id, "judge_id": judge.id, "passed": True} for run in runs[6:]]
    )
    assert isinstance(imported, ImportAnnotationsResponse)
    assert (imported.created, imported.updated, imported.trace_evaluations_created) == (6, 0, 0)

    listed = client.annotations.get_many(judge.id)
    assert isinstance(listed, JudgeAnnotationsResponse)
    assert listed.total == 12 and len(listed.annotations) == 12
    assert listed.agreement.compared == 12 and listed.agreement.agreements == 3
    assert listed.agreement.accuracy == pytest.approx(0.25)
    by_trace = {a.trace_id: a for a in listed.annotations}
    assert by_trace[runs[1].trace_id].agrees is False and by_trace[runs[0].trace_id].agrees is True
    assert isinstance(by_trace[runs[0].trace_id].judge_reasoning, str)
    confusion = listed.confusion
    assert isinstance(confusion, Confusion)
    assert confusion.human_pass_judge_pass == 3 and confusion.human_pass_judge_fail == 9
    assert confusion.human_fail_judge_pass == 0 and confusion.human_fail_judge_fail == 0
    assert [(v.judge_version, v.compared, v.agreements) for v in listed.by_version] == [(1, 12, 3)]
    refreshed = client.judges.get(judge.id)
    assert refreshed.annotation_count == 12 and refreshed.agreement is not None

    deleted = client.annotations.delete(runs[0].id)
    assert deleted.id == first.id
    with pytest.raises(NotFoundError):
        client.annotations.get(runs[0].id)
    client.annotations.put(runs[0].id, passed=True)


def test_optimization_needs_ten_labels_and_a_known_budget(client: Assay) -> None:
    fresh = client.judges.create(name=unique("Unlabelled"), evaluation_goal="Pass when the answer is kind.")
    with pytest.raises(BadRequestError):
        client.judge_optimizations.create(fresh.id)
    with pytest.raises(BadRequestError):
        client.judge_optimizations.estimate(fresh.id, budget="low")


def test_an_optimization_run_from_estimate_to_apply(client: Assay, judged: Tuple[Judge, List[TraceEvaluation]]) -> None:
    judge, _ = judged
    assert client.annotations.get_many(judge).total == 12, "test_labels_and_agreement ran first"
    estimate = client.judge_optimizations.estimate(judge.id, OptimizationBudget.LIGHT)
    assert isinstance(estimate, EstimateJudgeOptimizationCostResponse)
    assert estimate.annotation_count == 12 and estimate.budget == "light"

    created = client.judge_optimizations.create(judge.id, budget="light")
    assert isinstance(created, CreateJudgeOptimizationRunResponse)
    assert (created.judge_id, created.budget) == (judge.id, "light")
    run = client.judge_optimizations.wait_for_completion(created.id, interval_seconds=0.2, timeout_seconds=120)
    assert isinstance(run, JudgeOptimizationRun)
    assert run.status == OptimizationRunStatus.SUCCESS, run.status_description
    assert run.optimized_goal == judge.evaluation_goal and run.original_goal == judge.evaluation_goal
    assert run.optimized_accuracy is not None and run.baseline_accuracy is not None
    assert run.optimized_accuracy > run.baseline_accuracy
    assert run.assay is not None and not run.assay.improved, "a gain on 4 held-out labels is within noise"
    test = run.assay.held_out_test
    assert isinstance(test, HeldOutTest) and test.method == "mcnemar_exact"
    assert test.only_best_agrees > test.only_baseline_agrees == 0 and test.p_value >= 0.125

    listed = client.judge_optimizations.get_many(judge_id=judge.id)
    assert isinstance(listed, JudgeOptimizationRunsResponse)
    assert [r.id for r in listed.optimization_runs] == [created.id] and listed.total == 1
    assert client.judge_optimizations.get(created.id).id == created.id

    applied = client.judge_optimizations.apply(created.id)
    assert isinstance(applied, ApplyJudgeOptimizationResultResponse)
    assert (applied.judge_id, applied.new_version) == (judge.id, 1), "not measurably better: goal kept"
    assert client.judges.get(judge.id).evaluation_goal == judge.evaluation_goal
    assert client.judge_optimizations.get(created.id).applied_version == 1


@pytest.mark.anyio
async def test_async_annotations_and_optimizations(
    assay_server: AssayServer, judged: Tuple[Judge, List[TraceEvaluation]], tmp_path: Path
) -> None:
    judge, runs = judged
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        label = await client.annotations.put(runs[1].id, passed=False, comment="Lyon is wrong")
        assert label.passed is False
        assert (await client.annotations.get(runs[1].id)).comment == "Lyon is wrong"
        assert (await client.annotations.get_many(judge.id, page_size=5)).total == 12
        imported = await client.annotations.import_many(
            [{"trace_id": runs[1].trace_id, "judge_id": judge.id, "passed": True}]
        )
        assert imported.updated == 1
        assert (await client.annotations.delete(runs[1].id)).id == label.id
        await client.annotations.put(runs[1].id, passed=True)

        estimate = await client.judge_optimizations.estimate(judge.id)
        assert estimate.budget == "medium"
        listed = await client.judge_optimizations.get_many(judge_id=judge.id)
        if listed.optimization_runs:
            run = await client.judge_optimizations.get(listed.optimization_runs[0].id)
            assert run.judge_id == judge.id
        created = await client.judge_optimizations.create(judge.id, "light")
        run = await client.judge_optimizations.wait_for_completion(
            created.id, interval_seconds=0.2, timeout_seconds=120
        )
        assert run.status == OptimizationRunStatus.SUCCESS, run.status_description
        assert run.assay is not None and not run.assay.improved, "4 held-out labels cannot show a gain"
        applied = await client.judge_optimizations.apply(created.id)
        assert (applied.judge_id, applied.new_version) == (judge.id, 1), "nothing beat it: no new version"
