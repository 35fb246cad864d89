"""``client.models`` against a real server: listing, lookup, attach/detach, custom models."""

import pytest

from assay import Assay, AsyncAssay, NotFoundError
from assay.types import CreateModelResponse, CustomModel, ModelsListResponse, PublicModel

from .conftest import unique
from .support.assay_server import JUDGE_MODEL_KEY, AssayServer
from .support.fake_model import FakeModelServer


def test_lists_custom_models_first_then_catalog_models(client: Assay, custom_model: CustomModel) -> None:
    answer = client.models.get()
    assert isinstance(answer, ModelsListResponse)
    models = answer.models
    assert isinstance(models, list) and models, "a fresh project has the catalog attached"
    kinds = [isinstance(m, CustomModel) for m in models]
    assert kinds == sorted(kinds, reverse=True), "custom models come first"
    assert custom_model.id in [m.id for m in models]
    assert all(isinstance(m, CustomModel) for m in client.models.get(type="custom").models)
    assert all(isinstance(m, PublicModel) for m in client.models.get(type="public").models)


def test_the_answer_is_also_a_sequence_of_its_models(client: Assay, custom_model: CustomModel) -> None:
    """Code written for a client that answered a bare list keeps working."""
    answer = client.models.get()
    assert len(answer) == len(answer.models) and answer
    assert answer[0] == answer.models[0] and answer[-1] == answer.models[-1]
    assert answer[:2] == answer.models[:2] and list(answer) == answer.models
    assert [m.id for m in answer] == [m.id for m in answer.models] and answer.models[0] in answer
    assert answer == answer.models, "compares equal to its list"
    empty = client.models.get(type="custom", key="no-such-key-" + unique("k"))
    assert not empty and len(empty) == 0 and empty == [] and empty.models == []
    assert client.with_options(timeout=5).models.get().models == answer.models
    assert answer.model_dump()["models"][0]["id"] == answer.models[0].id


def test_get_by_key_matches_exactly_and_get_by_id_classifies(client: Assay, custom_model: CustomModel) -> None:
    catalog = client.models.get_by_key(JUDGE_MODEL_KEY)
    assert isinstance(catalog, PublicModel)
    assert catalog.key == JUDGE_MODEL_KEY
    assert client.models.get_by_key("openai/gpt-4o-mini-no-such") is None
    assert client.models.get_by_key(custom_model.key) == custom_model

    by_id = client.models.get_by_id(catalog.id)
    assert isinstance(by_id, PublicModel) and by_id.id == catalog.id
    own = client.models.get_by_id(custom_model.id)
    assert isinstance(own, CustomModel) and own.api_url == custom_model.api_url


def test_get_by_id_of_an_unknown_model_raises_not_found(client: Assay) -> None:
    with pytest.raises(NotFoundError) as caught:
        client.models.get_by_id("00000000-0000-4000-8000-000000000000")
    assert caught.value.status_code == 404


def test_filters_narrow_the_listing(client: Assay) -> None:
    openai = client.models.get(type="public", companies=["OpenAI"])
    assert openai and all(m.company == "OpenAI" for m in openai if isinstance(m, PublicModel))
    named = client.models.get(name="4o mini")
    assert any(m.key == JUDGE_MODEL_KEY for m in named)


def test_remove_detaches_and_add_attaches_again(client: Assay) -> None:
    model = client.models.get_by_key("openai/gpt-4.1-nano")
    assert model is not None
    assert client.models.remove(model.id) is True
    assert model.id not in [m.id for m in client.models.get()]
    assert client.models.add(model.id) is True
    assert model.id in [m.id for m in client.models.get()]


def test_custom_model_lifecycle(client: Assay, fake_model: FakeModelServer) -> None:
    key = "acme/" + unique("llama")
    created = client.models.create_custom(
        name="Llama fine-tune",
        key=key,
        description="ours",
        api_url=fake_model.url,
        max_tokens=4096,
        api_key="sk-secret",
        extra_payload={"temperature": 1, "top_p": 0.9},
    )
    assert isinstance(created, CreateModelResponse)
    assert created.organization_id == client.organization_id and created.project_id == client.project_id

    listed = client.models.get(type="custom", key=key)
    assert [m.id for m in listed] == [created.model_id]
    model = listed[0]
    assert isinstance(model, CustomModel)
    assert model.extra_payload == {"temperature": 1, "top_p": 0.9}
    assert model.api_key_set is True
    assert "api_key" not in model.model_dump()

    assert client.models.update_custom(created.model_id, max_tokens=2048, extra_payload={}) is True
    updated = client.models.get_by_id(created.model_id)
    assert isinstance(updated, CustomModel)
    assert updated.max_tokens == 2048 and updated.extra_payload == {}

    assert client.models.delete_custom(created.model_id) is True
    assert client.models.get(type="custom", key=key) == []


@pytest.mark.anyio
async def test_async_models(assay_server: AssayServer, custom_model: CustomModel) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        models = await client.models.get()
        assert isinstance(models, ModelsListResponse) and custom_model.id in [m.id for m in models.models]
        assert len(models) == len(models.models) and models[0] == models.models[0]
        assert (await client.with_options(timeout=5).models.get()).models == models.models
        assert await client.models.get_by_key(custom_model.key) == custom_model
        assert isinstance(await client.models.get_by_id(custom_model.id), CustomModel)
        with pytest.raises(NotFoundError):
            await client.models.get_by_id("00000000-0000-4000-8000-000000000000")
        nano = await client.models.get_by_key("openai/gpt-4.1-nano")
        assert nano is not None
        assert await client.models.remove(nano.id)
        assert await client.models.add(nano.id)
