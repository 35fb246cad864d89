"""
Repeats (Assay extension): each prompt asked several times. Against a scripted server: what
``evaluations.create(repeats=)`` and ``results.get(repeats=, outcome="flaky")`` send, and that the
typed models read the new fields and still read answers without them. Against the real server: a
run with repeats end to end, its repeat statistics and its results by prompt and by answer.
"""

from typing import Any, Dict, List
from urllib.parse import parse_qs, urlsplit

import pytest

from assay import Assay, AsyncAssay, BadRequestError
from assay.types import CustomBenchmark, CustomModel, Evaluation, RepeatAnswer, RepeatStats, Result

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import write_jsonl
from .support.scripted_server import Reply, ScriptedServer
from .test_argument_types import BENCHMARK, MODEL
from .test_errors import EVALUATION

_CREATE = "/organizations/org-1/projects/proj-1/evaluations"
_EMPTY_PAGE = {"evaluation_id": "ev-1", "results": [], "metrics": {"total_count": 0}}


def _created() -> Reply:
    return Reply(201, {"status": "success", "data": [EVALUATION]})


def test_create_sends_repeats_only_when_given(scripted: ScriptedServer) -> None:
    scripted.script(_created(), _created(), path=_CREATE)
    client = Assay(api_key="k", base_url=scripted.base_url)
    client.evaluations.create(model=MODEL, benchmark=BENCHMARK, repeats=4, seed=10)
    client.evaluations.create(model=MODEL, benchmark=BENCHMARK)
    repeated, plain = [request.json() for request in scripted.requests_to(_CREATE)]
    assert repeated == [
        {
            "model_id": "m-1",
            "dataset_id": "b-1",
            "is_custom_model": False,
            "is_custom_dataset": False,
            "seed": 10,
            "repeats": 4,
        }
    ]
    assert plain == [{"model_id": "m-1", "dataset_id": "b-1", "is_custom_model": False, "is_custom_dataset": False}]


@pytest.mark.anyio
async def test_the_async_client_sends_repeats_and_the_listing_options(scripted: ScriptedServer) -> None:
    scripted.script(_created(), path=_CREATE)
    scripted.script(Reply(200, _EMPTY_PAGE), path="/results")
    async with AsyncAssay(api_key="k", base_url=scripted.base_url) as client:
        await client.evaluations.create(model=MODEL, benchmark=BENCHMARK, repeats=2)
        await client.results.get_all_by_id(evaluation_id="ev-1", repeats="each", outcome="failed")
    assert scripted.requests_to(_CREATE)[0].json()[0]["repeats"] == 2
    assert _query(scripted)[-1] == {
        "evaluation_id": ["ev-1"],
        "page": ["1"],
        "page_size": ["100"],
        "outcome": ["failed"],
        "repeats": ["each"],
    }


def test_results_send_repeats_and_the_flaky_outcome_only_when_given(scripted: ScriptedServer) -> None:
    scripted.script(*[Reply(200, _EMPTY_PAGE) for _ in range(3)], path="/results")
    client = Assay(api_key="k", base_url=scripted.base_url)
    client.results.get(evaluation="ev-1", outcome="flaky")
    client.results.get_by_id(evaluation_id="ev-1", repeats="each", page_size=5)
    client.results.get_all(evaluation="ev-1")
    flaky, each, plain = _query(scripted)
    assert (flaky["outcome"], "repeats" in flaky) == (["flaky"], False)
    assert (each["repeats"], each["page_size"]) == (["each"], ["5"])
    assert "repeats" not in plain and "outcome" not in plain


def _query(scripted: ScriptedServer) -> List[Dict[str, List[str]]]:
    return [parse_qs(urlsplit(request.path).query) for request in scripted.requests_to("/results")]


_STATS: Dict[str, Any] = {
    "progress": {"total": 8, "done": 8, "correct": 5, "failed": 0, "cached": 0},
    "accuracy_stderr": 0.2,
    "accuracy_ci95": {"low": 0.1, "high": 0.9},
    "subsets": [
        {
            "name": "default",
            "total": 8,
            "correct": 5,
            "accuracy": 0.625,
            "ci95": {"low": 0.1, "high": 0.9},
            "prompts": 2,
            "flip_rate": 0.5,
        }
    ],
    "tokens": {"prompt": 10, "completion": 10, "total": 20, "reasoning": 0},
    "options": {"concurrency": 4, "limit": None, "cache": True, "repeats": 4, "max_cost_usd": None, "seed": 10},
    "started_at": 1767225600,
}
_ANSWER = {
    "repeat": 1,
    "result": "3",
    "score": 0,
    "passed": False,
    "reason": "3 differs from 2",
    "error": None,
    "duration": 0.5,
    "reasoning": None,
}
_RESULT = {
    "subset": "default",
    "prompt": "What is 1 + 1?",
    "result": "2",
    "truth": "2",
    "duration": 0.5,
    "score": 0.5,
    "metrics": {},
}


def test_the_models_read_the_repeat_fields() -> None:
    repeats = {
        "repeats": 4,
        "prompts": 2,
        "within_prompt_variance": 0.125,
        "flip_rate": 0.5,
        "majority_vote": 0.5,
        "pass_at_k": [{"k": 1, "pass_at_k": 0.625, "pass_hat_k": 0.625}, {"k": 4, "pass_at_k": 1, "pass_hat_k": 0.5}],
        "pass_count_histogram": [0, 0, 1, 0, 1],
    }
    stats = dict(_STATS, accuracy_interval="clustered", repeats=repeats)
    evaluation = Evaluation.model_validate(dict(EVALUATION, assay=stats))
    assert evaluation.assay is not None
    assert evaluation.assay.accuracy_interval == "clustered"
    assert isinstance(evaluation.assay.repeats, RepeatStats)
    assert evaluation.assay.repeats.pass_at_k[1].pass_hat_k == 0.5
    assert evaluation.assay.repeats.pass_count_histogram == [0, 0, 1, 0, 1]
    assert evaluation.assay.options.repeats == 4
    assert (evaluation.assay.subsets[0].prompts, evaluation.assay.subsets[0].flip_rate) == (2, 0.5)

    first = dict(_ANSWER, repeat=0, result="2", score=1, passed=True)
    result = Result.model_validate(dict(_RESULT, repeat=0, repeats=[first, _ANSWER]))
    assert result.repeat == 0
    assert result.repeats is not None and all(isinstance(a, RepeatAnswer) for a in result.repeats)
    assert [(a.repeat, a.passed) for a in result.repeats] == [(0, True), (1, False)]
    assert result.repeats[1].duration.total_seconds() == 0.5


def test_answers_without_the_repeat_fields_still_read() -> None:
    options = {"concurrency": 4, "limit": None, "cache": True}
    old = dict(_STATS, subsets=[dict(_STATS["subsets"][0])], options=options)
    for name in ("prompts", "flip_rate"):
        del old["subsets"][0][name]
    evaluation = Evaluation.model_validate(dict(EVALUATION, assay=old))
    assert evaluation.assay is not None
    assert (evaluation.assay.accuracy_interval, evaluation.assay.repeats) == (None, None)
    assert (evaluation.assay.options.repeats, evaluation.assay.options.max_cost_usd) == (1, None)
    assert evaluation.assay.subsets[0].prompts is None
    result = Result.model_validate(_RESULT)
    assert (result.repeat, result.repeats) == (None, None)


# Against the real server.

#: Four sums; the fake gets Q2 wrong under odd seeds (right in half of 10–13), Q4 always.
_ROWS = [
    {"input": "Q1: What is 2 + 3?", "truth": "5"},
    {"input": "Q2: [flaky] What is 10 + 20?", "truth": "30"},
    {"input": "Q3: What is 7 + 7?", "truth": "14"},
    {"input": "Q4: [wrong] What is 100 + 23?", "truth": "123"},
]


@pytest.fixture(scope="module")
def repeated(
    assay_server: AssayServer, custom_model: CustomModel, tmp_path_factory: pytest.TempPathFactory
) -> Evaluation:
    """One run of the four sums with 4 repeats from seed 10, shared by the read-only tests below."""
    path = write_jsonl(tmp_path_factory.mktemp("repeats") / "flaky.jsonl", _ROWS)
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        created = client.benchmarks.create_custom(
            name=unique("Flaky sums")[:60], description="sums", file_path=path, scoring_metric="numeric"
        )
        benchmark = client.benchmarks.get_by_id(created.benchmark_id)
        assert isinstance(benchmark, CustomBenchmark)
        run = client.evaluations.create(model=custom_model, benchmark=benchmark, repeats=4, seed=10, temperature=0.7)
        return client.evaluations.wait_for_completion(run, interval_seconds=0.2, timeout_seconds=60)


def test_a_run_with_repeats_reports_clustered_figures_and_the_reducers(repeated: Evaluation) -> None:
    assert repeated.is_success and repeated.assay is not None
    stats = repeated.assay
    assert (stats.progress.total, stats.progress.done, stats.progress.correct) == (16, 16, 10)
    assert repeated.accuracy == pytest.approx((1 + 0.5 + 1 + 0) / 4)
    assert stats.accuracy_interval == "clustered" and stats.options.repeats == 4
    assert stats.repeats is not None
    assert (stats.repeats.repeats, stats.repeats.prompts) == (4, 4)
    assert stats.repeats.flip_rate == pytest.approx(1 / 4)
    assert stats.repeats.majority_vote == pytest.approx(2 / 4)
    assert stats.repeats.pass_count_histogram == [1, 0, 1, 0, 2]
    assert [p.k for p in stats.repeats.pass_at_k] == [1, 2, 3, 4]
    assert stats.repeats.pass_at_k[-1].pass_at_k == pytest.approx(3 / 4)
    assert stats.repeats.pass_at_k[-1].pass_hat_k == pytest.approx(2 / 4)


def test_results_by_prompt_by_answer_and_the_flaky_ones(client: Assay, repeated: Evaluation) -> None:
    prompts = client.results.get_all(evaluation=repeated)
    assert [r.score for r in prompts] == [1, 0.5, 1, 0]
    assert [r.passed for r in prompts] == [True, False, True, False]
    second = prompts[1].repeats
    assert second is not None and [a.passed for a in second] == [True, False, True, False]

    answers = client.results.get_all(evaluation=repeated, repeats="each")
    assert [(r.position, r.repeat) for r in answers[:5]] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    assert len(answers) == 16 and all(r.repeats is None for r in answers)

    flaky = client.results.get(evaluation=repeated, outcome="flaky")
    assert [r.position for r in flaky.results] == [1] and flaky.pagination.total_count == 1


def test_a_count_outside_1_to_32_is_a_bad_request_naming_the_field(
    client: Assay, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    with pytest.raises(BadRequestError) as caught:
        client.evaluations.create(model=custom_model, benchmark=arithmetic_benchmark, repeats=33)
    assert isinstance(caught.value.body, dict)
    assert "body.0.repeats" in [detail["field"] for detail in caught.value.body.get("details", [])]
