"""
Sampling options and request profiles (Assay extensions). Against a scripted server: what
``evaluations.create()`` and the custom-model methods send, and how the answers' new fields are
read. Against the real server: the profile names are the document's, a run records what it asked
and what it sent, and a profile's refusal is a ``BadRequestError`` naming the field.
"""

from typing import Any, Dict, List, get_args

import httpx
import pytest

from assay import Assay, AsyncAssay, BadRequestError
from assay.types import CustomBenchmark, CustomModel, Evaluation, RequestProfileName, Result, RunRequest

from .conftest import unique
from .support.assay_server import AssayServer
from .support.fake_model import FakeModelServer
from .support.scripted_server import Reply, ScriptedServer
from .test_argument_types import BENCHMARK, MODEL
from .test_errors import EVALUATION

_CREATE = "/organizations/org-1/projects/proj-1/evaluations"
_CUSTOM = "/organizations/org-1/projects/proj-1/custom-models"


def _created() -> Reply:
    return Reply(201, {"status": "success", "data": [EVALUATION]})


def _sent(scripted: ScriptedServer, suffix: str) -> List[Any]:
    return [request.json() for request in scripted.requests_to(suffix)]


def test_create_sends_the_sampling_options_under_their_wire_names(scripted: ScriptedServer) -> None:
    scripted.script(_created(), _created(), path=_CREATE)
    client = Assay(api_key="k", base_url=scripted.base_url)
    client.evaluations.create(
        model=MODEL,
        benchmark=BENCHMARK,
        temperature=0.7,
        top_p=0.95,
        seed=42,
        max_tokens=4096,
        reasoning_effort="low",
    )
    client.evaluations.create(model=MODEL, benchmark=BENCHMARK, temperature=0)
    sampled, greedy = _sent(scripted, _CREATE)
    assert sampled == [
        {
            "model_id": "m-1",
            "dataset_id": "b-1",
            "is_custom_model": False,
            "is_custom_dataset": False,
            "temperature": 0.7,
            "top_p": 0.95,
            "seed": 42,
            "max_tokens": 4096,
            "reasoning_effort": "low",
        }
    ]
    # 0 is a temperature (greedy decoding), not "not given"; what was not given is not sent.
    assert greedy == [
        {"model_id": "m-1", "dataset_id": "b-1", "is_custom_model": False, "is_custom_dataset": False, "temperature": 0}
    ]


@pytest.mark.anyio
async def test_the_async_client_sends_them_too(scripted: ScriptedServer) -> None:
    scripted.script(_created(), path=_CREATE)
    async with AsyncAssay(api_key="k", base_url=scripted.base_url) as client:
        await client.evaluations.create(model=MODEL, benchmark=BENCHMARK, seed=7, reasoning_effort="high")
    [item] = _sent(scripted, _CREATE)[0]
    assert (item["seed"], item["reasoning_effort"]) == (7, "high") and "temperature" not in item


def test_a_refused_option_is_a_bad_request_naming_the_field(scripted: ScriptedServer) -> None:
    why = "openai-o-series takes no temperature: reasoning models sample at 1"
    error_body = {
        "error": {
            "message": "body.0.temperature: " + why,
            "code": "VALIDATION_ERROR",
            "details": [{"field": "body.0.temperature", "message": why}],
        }
    }
    scripted.script(Reply(400, error_body), path=_CREATE)
    client = Assay(api_key="k", base_url=scripted.base_url)
    with pytest.raises(BadRequestError) as caught:
        client.evaluations.create(model=MODEL, benchmark=BENCHMARK, temperature=0)
    assert caught.value.status_code == 400
    assert isinstance(caught.value.body, dict)
    assert caught.value.body["details"] == [{"field": "body.0.temperature", "message": why}]
    assert len(scripted.requests_to(_CREATE)) == 1, "a 400 is not retried"


def test_custom_models_take_a_request_profile_only_when_given(scripted: ScriptedServer) -> None:
    created = {"status": "success", "data": {"organization_id": "org-1", "project_id": "proj-1", "model_id": "m-9"}}
    scripted.script(Reply(201, created), Reply(201, created), path=_CUSTOM)
    scripted.script(Reply(200, {"status": "success", "data": {"id": "m-9"}}), path=_CUSTOM + "/m-9")
    client = Assay(api_key="k", base_url=scripted.base_url)
    fields: Dict[str, Any] = {
        "name": "Qwen3",
        "key": "acme/qwen3",
        "description": "",
        "api_url": "http://127.0.0.1:8000/v1",
        "max_tokens": 1024,
    }
    client.models.create_custom(**fields, request_profile="vllm")
    client.models.create_custom(**fields)
    assert client.models.update_custom("m-9", request_profile="deepseek-reasoner") is True
    chosen, unchosen = _sent(scripted, _CUSTOM)
    assert chosen == dict(fields, request_profile="vllm")
    assert unchosen == fields, "left out, the server's default (openai-compatible) applies"
    assert _sent(scripted, _CUSTOM + "/m-9") == [{"request_profile": "deepseek-reasoner"}]


def test_the_new_fields_are_read_from_evaluations_results_and_models() -> None:
    options = {
        "concurrency": 16,
        "limit": None,
        "cache": True,
        "temperature": None,
        "top_p": None,
        "seed": None,
        "max_tokens": 25000,
        "reasoning_effort": "low",
        "request": {
            "profile": "openai-gpt-5",
            "parameters": {"max_completion_tokens": 25000, "reasoning_effort": "low"},
        },
    }
    stats = {
        "progress": {"total": 1, "done": 1, "correct": 1, "failed": 0, "cached": 0},
        "accuracy_stderr": 0.0,
        "accuracy_ci95": {"low": 0.2, "high": 1.0},
        "subsets": [],
        "tokens": {"prompt": 10, "completion": 900, "total": 910, "reasoning": 880},
        "options": options,
        "started_at": 1767225600,
    }
    evaluation = Evaluation.model_validate(dict(EVALUATION, assay=stats))
    assert evaluation.assay is not None
    assert evaluation.assay.tokens.reasoning == 880
    assert evaluation.assay.options.reasoning_effort == "low" and evaluation.assay.options.temperature is None
    assert evaluation.assay.options.request == RunRequest(
        profile="openai-gpt-5", parameters={"max_completion_tokens": 25000, "reasoning_effort": "low"}
    )

    result = Result.model_validate(
        {
            "subset": "default",
            "prompt": "What is 1 + 1?",
            "result": "2",
            "truth": "2",
            "duration": 1.5,
            "score": 1,
            "metrics": {},
            "tokens": {"prompt": 10, "completion": 900, "reasoning": 880},
            "reasoning": "One and one make two.",
        }
    )
    assert result.reasoning == "One and one make two." and result.result == "2"
    assert result.tokens is not None and result.tokens.reasoning == 880
    # Older answers (no reasoning fields) still read.
    assert Result.model_validate(dict(result.model_dump(exclude={"reasoning", "tokens"}))).reasoning is None


# Against the real server.


def test_the_profile_names_are_the_documents(assay_server: AssayServer) -> None:
    document = httpx.get(assay_server.base_url + "/openapi.json", timeout=30).json()
    # Wherever the document spells out the enum (custom model bodies and answers), it is ours.
    enums = _enums_with(document, "openai-compatible")
    assert enums, "the document lists the request profiles"
    assert all(enum == list(get_args(RequestProfileName)) for enum in enums)


def _enums_with(node: Any, value: str) -> List[List[Any]]:
    found: List[List[Any]] = []
    if isinstance(node, dict):
        enum = node.get("enum")
        if isinstance(enum, list) and value in enum:
            found.append(enum)
        for child in node.values():
            found.extend(_enums_with(child, value))
    elif isinstance(node, list):
        for child in node:
            found.extend(_enums_with(child, value))
    return found


def test_a_run_records_what_it_asked_and_the_request_it_sent(
    client: Assay, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark
) -> None:
    assert custom_model.request_profile == "openai-compatible"
    created = client.evaluations.create(
        model=custom_model, benchmark=arithmetic_benchmark, limit=2, temperature=0.5, max_tokens=32, cache=False
    )
    done = client.evaluations.wait_for_completion(created, interval_seconds=0.2, timeout_seconds=60)
    assert done.assay is not None
    options = done.assay.options
    assert (options.temperature, options.max_tokens, options.top_p, options.seed) == (0.5, 32, None, None)
    assert options.request is not None and options.request.profile == "openai-compatible"
    assert options.request.parameters.get("temperature") == 0.5
    assert options.request.parameters.get("max_tokens") == 32
    assert done.assay.tokens.reasoning == 0
    for result in client.results.get_all(evaluation=done):
        assert result.reasoning is None and result.tokens is not None and result.tokens.reasoning == 0


def test_a_profile_refusal_names_the_field(
    client: Assay, fake_model: FakeModelServer, arithmetic_benchmark: CustomBenchmark
) -> None:
    created = client.models.create_custom(
        name="O-series",
        key="fake/" + unique("o-series"),
        description="",
        api_url=fake_model.url,
        max_tokens=64,
        request_profile="openai-o-series",
    )
    model = client.models.get_by_id(created.model_id)
    assert isinstance(model, CustomModel) and model.request_profile == "openai-o-series"
    with pytest.raises(BadRequestError) as caught:
        client.evaluations.create(model=model, benchmark=arithmetic_benchmark, temperature=0)
    assert isinstance(caught.value.body, dict)
    assert "body.0.temperature" in [detail["field"] for detail in caught.value.body.get("details", [])]
    assert client.models.update_custom(model.id, request_profile="vllm") is True
    updated = client.models.get_by_id(model.id)
    assert isinstance(updated, CustomModel) and updated.request_profile == "vllm"
    client.models.delete_custom(model.id)
