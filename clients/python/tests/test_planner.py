"""
The planner and budgets (Assay extensions): ``evaluations.plan()``, ``max_cost_usd`` and
``repeats`` on ``create()``, and a custom model's prices. Against a scripted server: what goes
on the wire. Against the real server: a plan is answered and creates nothing, a run stops at its
budget as a failure that says so, and a budget for a model without prices is refused.
"""

from decimal import Decimal
from pathlib import Path

import pytest

from assay import Assay, AsyncAssay, BadRequestError
from assay.types import CustomBenchmark, CustomModel, EvaluationPlan, EvaluationStatus

from .conftest import unique
from .support.assay_server import AssayServer
from .support.fake_model import FakeModelServer
from .support.files import write_jsonl
from .support.scripted_server import Reply, ScriptedServer
from .test_argument_types import BENCHMARK, MODEL
from .test_errors import EVALUATION

_PROJECT = "/organizations/org-1/projects/proj-1"

#: The fake endpoint reports 30 prompt and 12 completion tokens a call: $0.054 at these prices.
_PRICES = {"cost_per_input_token": "0.001", "cost_per_output_token": "0.002"}
_PER_CALL = 30 * 0.001 + 12 * 0.002


def _plan_body(calls: int = 10) -> dict:  # type: ignore[type-arg]
    return {
        "model_id": "m-1",
        "model_key": "openai/gpt-4o",
        "dataset_id": "b-1",
        "prompts": calls,
        "repeats": 1,
        "calls": calls,
        "tokens": {
            "prompt": 300,
            "completion": 120,
            "completion_max": 640,
            "max_tokens": 64,
            "completion_per_call": 12,
            "completion_basis": "typical",
            "description": "…",
        },
        "cost": {
            "usd": 0.5,
            "max_usd": 1.5,
            "price_source": "catalog",
            "cost_per_input_token": "0.001",
            "cost_per_output_token": "0.002",
            "max_cost_usd": 1,
            "description": "…",
        },
        "ci95": {
            "half_width": 0.2,
            "kind": "bound",
            "basis": "worst_case",
            "method": "wilson",
            "accuracy": 0.5,
            "between_prompt_variance": None,
            "within_prompt_variance": None,
            "description": "…",
        },
        "earlier_run": None,
    }


def test_plan_and_create_send_repeats_and_the_budget_under_their_wire_names(scripted: ScriptedServer) -> None:
    scripted.script(Reply(200, {"status": "success", "data": [_plan_body()]}), path=_PROJECT + "/evaluations/plan")
    scripted.script(Reply(201, {"status": "success", "data": [EVALUATION]}), path=_PROJECT + "/evaluations")
    client = Assay(api_key="k", base_url=scripted.base_url)
    plan = client.evaluations.plan(model=MODEL, benchmark=BENCHMARK, limit=10, repeats=3, max_cost_usd=1)
    assert isinstance(plan, EvaluationPlan)
    assert (plan.benchmark_id, plan.calls, plan.cost.usd, plan.ci95.kind) == ("b-1", 10, 0.5, "bound")
    client.evaluations.create(model=MODEL, benchmark=BENCHMARK, repeats=3, max_cost_usd=0.5)
    planned, created = [r.json() for r in scripted.requests if r.method == "POST"]
    base = {"model_id": "m-1", "dataset_id": "b-1", "is_custom_model": False, "is_custom_dataset": False}
    assert planned == [{**base, "limit": 10, "repeats": 3, "max_cost_usd": 1}]
    assert created == [{**base, "repeats": 3, "max_cost_usd": 0.5}]


def test_custom_model_prices_go_as_exact_decimal_text(scripted: ScriptedServer) -> None:
    custom = _PROJECT + "/custom-models"
    scripted.script(
        Reply(201, {"status": "success", "data": {"organization_id": "o", "project_id": "p", "model_id": "m"}}),
        path=custom,
    )
    scripted.script(*[Reply(200, {"status": "success", "data": {"id": "m"}})] * 2, path=custom + "/m")
    client = Assay(api_key="k", base_url=scripted.base_url)
    client.models.create_custom(
        name="M",
        key="acme/m",
        description="",
        api_url="http://127.0.0.1:9/v1",
        max_tokens=64,
        cost_per_input_token=2.5e-6,
        cost_per_output_token=Decimal("0.00001"),
    )
    client.models.update_custom("m", cost_per_input_token="0.000003")
    client.models.update_custom("m", remove_prices=True)
    created, changed, removed = [r.json() for r in scripted.requests if r.method in ("POST", "PATCH")]
    assert (created["cost_per_input_token"], created["cost_per_output_token"]) == ("0.0000025", "0.00001")
    assert changed == {"cost_per_input_token": "0.000003"}
    assert removed == {"cost_per_input_token": None, "cost_per_output_token": None}
    with pytest.raises(TypeError):
        client.models.update_custom("m", cost_per_input_token="1", remove_prices=True)


@pytest.fixture(scope="module")
def priced_model(assay_server: AssayServer, fake_model: FakeModelServer) -> CustomModel:
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as assay:
        created = assay.models.create_custom(
            name="Priced",
            key="fake/" + unique("priced"),
            description="",
            api_url=fake_model.url,
            max_tokens=64,
            **_PRICES,
        )
        model = assay.models.get_by_id(created.model_id)
    assert isinstance(model, CustomModel)
    assert (model.cost_per_input_token, model.cost_per_output_token) == ("0.001", "0.002")
    return model


def test_plan_answers_calls_tokens_cost_and_interval_without_creating(
    client: Assay, priced_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    before = len(client.evaluations.get_many(model_ids=[priced_model.id]).evaluations)
    plan = client.evaluations.plan(model=priced_model, benchmark=arithmetic_benchmark, repeats=2, max_cost_usd=1)
    assert (plan.prompts, plan.repeats, plan.calls) == (5, 2, 10)
    assert plan.tokens.completion_basis == "typical" and plan.tokens.completion_per_call == 64
    assert plan.cost.price_source == "model" and plan.cost.max_cost_usd == 1
    assert plan.cost.usd == pytest.approx(plan.tokens.prompt * 0.001 + 10 * 64 * 0.002)
    assert (plan.ci95.kind, plan.ci95.method, plan.ci95.basis) == ("bound", "clustered", "worst_case")
    assert plan.ci95.description.startswith("At most ±")
    assert len(client.evaluations.get_many(model_ids=[priced_model.id]).evaluations) == before


def test_a_run_stops_at_its_budget_as_a_failure_that_says_so(
    client: Assay, priced_model: CustomModel, tmp_path: Path
) -> None:
    # Two quick answers, then three that take seconds: the quick ones' cost ($0.108) reaches the
    # budget while the run still has prompts to ask.
    rows = [{"input": "Q{}: What is {} + 1?".format(i, i), "truth": str(i + 1)} for i in (1, 2)]
    rows += [{"input": "Q{}: [slow] What is {} + 1?".format(i, i), "truth": str(i + 1)} for i in (3, 4, 5)]
    created = client.benchmarks.create_custom(
        name=unique("Budget")[:60],
        description="",
        file_path=write_jsonl(tmp_path / "budget.jsonl", rows),
        scoring_metric="numeric",
    )
    benchmark = client.benchmarks.get_by_id(created.benchmark_id)
    run = client.evaluations.create(
        model=priced_model, benchmark=benchmark, max_cost_usd=0.05, concurrency=1, cache=False
    )
    assert run.assay is not None and run.assay.options.max_cost_usd == 0.05
    ended = client.evaluations.wait_for_completion(run, interval_seconds=0.1, timeout_seconds=30)
    assert ended.status == EvaluationStatus.FAILURE
    assert ended.status_description == "stopped at its budget: $0.11 spent of $0.05"
    assert ended.assay is not None and ended.assay.progress.done == 2
    assert ended.assay.cost_usd == pytest.approx(2 * _PER_CALL)


def test_a_budget_for_a_model_without_prices_is_refused(
    client: Assay, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    with pytest.raises(BadRequestError) as refused:
        client.evaluations.plan(model=custom_model, benchmark=arithmetic_benchmark, max_cost_usd=1)
    assert "body.0.max_cost_usd: the model has no prices; a budget cannot be enforced" in str(refused.value)


@pytest.mark.anyio
async def test_async_plan(
    assay_server: AssayServer, priced_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        plan = await client.evaluations.plan(model=priced_model, benchmark=arithmetic_benchmark, limit=3)
        assert (plan.calls, plan.ci95.method) == (3, "wilson")
