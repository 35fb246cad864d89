"""``client.judges`` against a real server: create (with and without a model), versions, list, delete."""

import pytest

from assay import AsyncAssay, BadRequestError, Judge, NotFoundError
from assay._exceptions import ConflictError
from assay.types import CustomModel, DeleteJudgeResponse, JudgesResponse

from .conftest import unique
from .support.assay_server import JUDGE_MODEL_KEY, AssayServer

GOAL = "Pass when the answer names the right city; fail otherwise."


def test_create_get_update_list_delete(client, custom_model: CustomModel) -> None:  # type: ignore[no-untyped-def]
    name = unique("Geography")
    judge = client.judges.create(name=name, evaluation_goal=GOAL)
    assert isinstance(judge, Judge)
    assert (judge.name, judge.version, judge.run_count) == (name, 1, 0)
    assert judge.organization_id == client.organization_id
    default_model = client.models.get_by_key(JUDGE_MODEL_KEY)
    assert default_model is not None and judge.model_id == default_model.id, "the server's default judge model"

    assert client.judges.get(judge.id) == judge
    updated = client.judges.update(judge.id, name=name + "-v2", model_id=custom_model.id)
    assert (updated.id, updated.version, updated.name, updated.model_id) == (judge.id, 2, name + "-v2", custom_model.id)
    assert [v.version for v in updated.versions] == [1, 2]

    page = client.judges.get_many(page_size=500)
    assert isinstance(page, JudgesResponse)
    assert judge.id in [j.id for j in page.judges]
    assert page.count == len(page.judges) and page.total_count >= page.count
    assert page.pagination is not None and page.pagination.page_size == 500

    deleted = client.judges.delete(judge.id)
    assert isinstance(deleted, DeleteJudgeResponse) and deleted.id == judge.id
    with pytest.raises(NotFoundError):
        client.judges.get(judge.id)


def test_a_duplicate_name_is_a_conflict_and_a_short_goal_a_bad_request(client) -> None:  # type: ignore[no-untyped-def]
    name = unique("Twice")
    client.judges.create(name=name, evaluation_goal=GOAL)
    with pytest.raises(ConflictError) as caught:
        client.judges.create(name=name, evaluation_goal=GOAL)
    assert caught.value.status_code == 409 and "409" in str(caught.value)
    assert "already exists" in str(caught.value)
    with pytest.raises(BadRequestError) as short:
        client.judges.create(name=unique("Short"), evaluation_goal="too short")
    assert short.value.status_code == 400
    assert isinstance(short.value.body, dict) and short.value.body["code"] == "VALIDATION_ERROR"


@pytest.mark.anyio
async def test_async_judges(assay_server: AssayServer, custom_model: CustomModel) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        judge = await client.judges.create(name=unique("Async judge"), evaluation_goal=GOAL, model_id=custom_model.id)
        assert judge.model_id == custom_model.id
        assert (await client.judges.get(judge)).id == judge.id
        assert (await client.judges.update(judge, evaluation_goal=GOAL + " Be strict.")).version == 2
        assert judge.id in [j.id for j in (await client.judges.get_many()).judges]
        assert (await client.judges.delete(judge)).id == judge.id
