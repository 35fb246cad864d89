"""
Arguments of the wrong type fail before any request with a ``TypeError`` naming the parameter and
what it takes: ``None`` (what ``get_by_key()`` answers for an unknown key) or a key where a model,
benchmark or evaluation object is needed, another kind of object where an id is taken.
"""

from typing import Any, Callable, List

import pytest

from assay import Assay, AsyncAssay, Benchmark, Evaluation, Judge, Model, ServiceError
from assay._exceptions import ArgumentTypeError
from assay.types import PublicModelDetail

from .support.scripted_server import Reply, ScriptedServer
from .test_errors import EVALUATION

MODEL = Model(id="m-1", key="openai/gpt-4o", name="GPT-4o", description="")
BENCHMARK = Benchmark(id="b-1", key="gsm8k", name="GSM8K")
JUDGE = Judge.model_validate(
    {
        "id": "j-1",
        "organization_id": "org-1",
        "project_id": "proj-1",
        "name": "J",
        "evaluation_goal": "Pass when right.",
        "version": 1,
        "created_at": "2026-01-01T00:00:00Z",
        "updated_at": "2026-01-01T00:00:00Z",
    }
)


def _refused(call: Callable[[], Any], *fragments: str) -> str:
    with pytest.raises(TypeError) as caught:
        call()
    assert isinstance(caught.value, ArgumentTypeError) and isinstance(caught.value, ServiceError)
    for fragment in fragments:
        assert fragment in str(caught.value)
    return str(caught.value)


def _api_requests(scripted: ScriptedServer) -> List[str]:
    return [r.path for r in scripted.requests if not r.path.endswith("/organizations")]


def test_evaluations_create_needs_model_and_benchmark_objects(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    message = _refused(
        lambda: client.evaluations.create(model=None, benchmark=BENCHMARK),
        "model must be a Model or PublicModelDetail object (from client.models.get_by_key()",
        "got None",
        "get_by_key() returns None",
    )
    assert message.startswith("model must be")
    _refused(
        lambda: client.evaluations.create(model="openai/gpt-4o", benchmark=BENCHMARK),
        "model must be a Model",
        "got str 'openai/gpt-4o'",
        "pass the object, not its key or id",
    )
    _refused(lambda: client.evaluations.create(model=MODEL, benchmark=None), "benchmark must be a Benchmark")
    _refused(lambda: client.evaluations.create(model=BENCHMARK, benchmark=MODEL), "model must be", "got Benchmark")
    assert _api_requests(scripted) == []


def test_ids_take_a_string_or_the_right_kind_of_object(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    _refused(lambda: client.evaluations.get(None), "evaluation must be an Evaluation or its id (a str), got None")
    _refused(lambda: client.evaluations.wait_for_completion(None), "evaluation must be")
    _refused(lambda: client.evaluations.get_by_id(None), "id must be an Evaluation or its id")  # type: ignore[arg-type]
    _refused(lambda: client.results.get(evaluation=MODEL), "evaluation must be", "got Model")
    _refused(lambda: client.judges.get(None), "id must be a Judge or its id (a str), got None")
    _refused(lambda: client.judges.update(MODEL, name="x"), "id must be a Judge", "got Model")
    _refused(lambda: client.trace_evaluations.create("t-1", MODEL), "judge_id must be a Judge")
    _refused(lambda: client.trace_evaluations.create(None, JUDGE), "trace_id must be a Trace")
    _refused(lambda: client.trace_evaluations.create_many(["t-1", None], JUDGE), "each of trace_ids must be a Trace")
    _refused(lambda: client.trace_evaluations.wait_for_completion(None), "id must be a TraceEvaluation")
    _refused(lambda: client.judge_optimizations.create(None), "judge_id must be a Judge")
    _refused(lambda: client.annotations.get_many(judge_id=None), "judge_id must be a Judge")
    _refused(lambda: client.traces.delete(None), "id must be a Trace")
    _refused(lambda: client.public.comparisons.compare(None, "ev-2"), "evaluation_id_1 must be an Evaluation")
    _refused(
        lambda: client.public.comparisons.compare_models(BENCHMARK, MODEL, None),
        "model_id_2 must be a Model or PublicModelDetail or its id",
    )
    assert _api_requests(scripted) == []


def test_the_objects_and_ids_methods_return_are_taken(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    scripted.script(Reply(200, EVALUATION), path="/evaluations/ev-1")
    assert client.evaluations.get(Evaluation.model_validate(EVALUATION)).id == "ev-1"
    catalog_model = PublicModelDetail(id="m-2", key="acme/m", name="M")
    scripted.script(Reply(200, {"status": "success", "data": [EVALUATION]}), path="/evaluations")
    client.evaluations.create(model=catalog_model, benchmark=BENCHMARK)
    sent = [r for r in scripted.requests if r.method == "POST"][-1].json()
    assert sent[0]["model_id"] == "m-2" and sent[0]["dataset_id"] == "b-1"


@pytest.mark.anyio
async def test_async_methods_check_the_same_way(scripted: ScriptedServer) -> None:
    async with AsyncAssay(api_key="k", base_url=scripted.base_url) as client:
        with pytest.raises(TypeError, match="model must be a Model"):
            await client.evaluations.create(model=None, benchmark=BENCHMARK)
        with pytest.raises(TypeError, match="judge_id must be a Judge"):
            await client.trace_evaluations.create("t-1", None)
        with pytest.raises(TypeError, match="evaluation must be"):
            await client.results.get_all(None)
    assert _api_requests(scripted) == []
