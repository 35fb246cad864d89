"""
``client.evaluations.gate()`` against a real server: the fake model answers ``[flaky]`` prompts
wrong under an odd seed, so one custom model on one benchmark gives a run that is all right
(seed 0) and one that is all wrong (seed 1), paired on the same prompts.
"""

from typing import Any, Dict

import pytest

from assay import Assay, AsyncAssay, CustomBenchmark, CustomModel, Evaluation
from assay._exceptions import GateError, InvalidInputError
from assay.types import GateReport

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import write_jsonl

PROMPTS = 20


@pytest.fixture(scope="module")
def flaky_benchmark(assay_server: AssayServer, tmp_path_factory: pytest.TempPathFactory) -> CustomBenchmark:
    rows = [
        {"input": "Q{} [flaky]: What is {} + {}?".format(i, 10 + i, 20 + i), "truth": str(30 + 2 * i)}
        for i in range(PROMPTS)
    ]
    path = write_jsonl(tmp_path_factory.mktemp("gate") / "flaky.jsonl", rows)
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        created = client.benchmarks.create_custom(
            name=unique("Gate")[:60], description="sums", file_path=path, scoring_metric="numeric"
        )
        benchmark = client.benchmarks.get_by_id(created.benchmark_id)
    assert isinstance(benchmark, CustomBenchmark)
    return benchmark


@pytest.fixture(scope="module")
def runs(
    assay_server: AssayServer, custom_model: CustomModel, flaky_benchmark: CustomBenchmark
) -> Dict[str, Evaluation]:
    """``right``: every prompt right (seed 0); ``wrong``: every prompt wrong (seed 1)."""
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        finished: Dict[str, Evaluation] = {}
        for name, seed in (("right", 0), ("wrong", 1)):
            created = client.evaluations.create(model=custom_model, benchmark=flaky_benchmark, seed=seed)
            finished[name] = client.evaluations.wait_for_completion(created, interval_seconds=0.2, timeout_seconds=60)
    assert (finished["right"].accuracy, finished["wrong"].accuracy) == (1.0, 0.0)
    return finished


def test_fails_a_run_confidently_worse_than_its_baseline(client: Assay, runs: Dict[str, Evaluation]) -> None:
    report = client.evaluations.gate(runs["wrong"], baseline=runs["right"], margin=0.02)
    assert isinstance(report, GateReport)
    assert (report.verdict, report.passed, report.confidence) == ("fail", False, 0.95)
    (check,) = report.checks
    assert (check.kind, check.baseline_id, check.pairs, check.difference) == (
        "baseline",
        runs["right"].id,
        PROMPTS,
        -1.0,
    )
    assert check.interval.high < -0.02
    assert report.summary.startswith("gate FAIL: ")


def test_passes_a_better_run_and_reads_thresholds_by_their_interval(client: Assay, runs: Dict[str, Evaluation]) -> None:
    passing = client.evaluations.gate(runs["right"].id, baseline=runs["wrong"].id, min_accuracy=0.5)
    assert (passing.verdict, passing.passed) == ("pass", True)
    assert [(c.kind, c.verdict) for c in passing.checks] == [("baseline", "pass"), ("min_accuracy", "pass")]
    below = client.evaluations.gate(runs["wrong"], min_accuracy=0.7)
    assert (below.verdict, below.passed) == ("fail", False)
    assert "below 70.0% even at its upper bound" in below.checks[0].reason
    # 20 of 20 right: Wilson's lower bound is about 84%, so 0.9 is inside the interval.
    unsure = client.evaluations.gate(runs["right"], min_accuracy=0.9)
    assert (unsure.verdict, unsure.passed) == ("inconclusive", True)
    strict = client.evaluations.gate(runs["right"], min_accuracy=0.9, fail_on_inconclusive=True)
    assert (strict.verdict, strict.passed) == ("inconclusive", False)


def test_the_report_is_the_documents_shape(client: Assay, runs: Dict[str, Evaluation]) -> None:
    dumped: Dict[str, Any] = client.evaluations.gate(runs["right"], min_accuracy=0.5).model_dump(mode="json")
    assert set(dumped) == {"verdict", "passed", "confidence", "fail_on_inconclusive", "evaluation", "checks", "summary"}
    assert dumped["evaluation"]["prompts"] == PROMPTS and dumped["evaluation"]["status"] == "success"


def test_bad_criteria_are_refused_before_any_request(client: Assay, runs: Dict[str, Evaluation]) -> None:
    with pytest.raises(InvalidInputError, match="needs a baseline"):
        client.evaluations.gate(runs["right"])
    with pytest.raises(InvalidInputError, match="margin goes with a baseline"):
        client.evaluations.gate(runs["right"], min_accuracy=0.5, margin=0.1)
    with pytest.raises(InvalidInputError, match="confidence must be 0.95"):
        client.evaluations.gate(runs["right"], min_accuracy=0.5, confidence=0.99)


def test_a_run_that_did_not_succeed_cannot_be_gated(
    client: Assay, custom_model: CustomModel, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = write_jsonl(
        tmp_path_factory.mktemp("slow") / "slow.jsonl", [{"input": "[slow] What is 1 + 2?", "truth": "3"}]
    )
    created = client.benchmarks.create_custom(
        name=unique("Slow")[:60], description="one slow sum", file_path=path, scoring_metric="numeric"
    )
    benchmark = client.benchmarks.get_by_id(created.benchmark_id)
    run = client.evaluations.create(model=custom_model, benchmark=benchmark)
    client.evaluations.cancel(run)
    with pytest.raises(GateError, match="ended cancelled"):
        client.evaluations.gate(run, min_accuracy=0.5)


@pytest.mark.anyio
async def test_async_gate(assay_server: AssayServer, runs: Dict[str, Evaluation]) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        report = await client.evaluations.gate(runs["wrong"].id, baseline=runs["right"].id)
    assert (report.verdict, report.passed) == ("fail", False)
