"""``client.evaluation_spaces`` against a real server: the original SDK's calls, counts, filters, cells."""

import pytest

from assay import AsyncAssay, Evaluation, NotFoundError
from assay._exceptions import ConflictError
from assay.types import CustomBenchmark, CustomModel, EvaluationSpace, EvaluationSpaceFilters, EvaluationSpacesResponse

from .conftest import unique
from .support.assay_server import AssayServer


@pytest.fixture(scope="module")
def finished(assay_server: AssayServer, custom_model: CustomModel, arithmetic_benchmark: CustomBenchmark) -> Evaluation:
    from assay import Assay

    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        created = client.evaluations.create(model=custom_model, benchmark=arithmetic_benchmark)
        return client.evaluations.wait_for_completion(created, interval_seconds=0.2, timeout_seconds=60)


def test_create_get_list_update_delete(client, finished: Evaluation) -> None:  # type: ignore[no-untyped-def]
    assert finished.status == "success"
    name = unique("Board")
    # The original SDK's create: name, description, visibility.
    space = client.evaluation_spaces.create(name=name, description="one model", visibility="tenant")
    assert isinstance(space, EvaluationSpace)
    assert (space.name, space.description, space.visibility) == (name, "one model", "tenant")
    assert (space.is_featured, space.is_partner) == (False, False)
    assert space.evaluations_count >= 1 and space.models_count >= 1
    assert client.evaluation_spaces.get(space.id) == space

    page = client.evaluation_spaces.get_many(page_size=500, sort_by="createdAt", order="desc")
    assert isinstance(page, EvaluationSpacesResponse)
    assert space.id in [s.id for s in page.evaluation_spaces]
    assert page.count == len(page.evaluation_spaces) and page.total_count >= page.count

    narrowed = client.evaluation_spaces.update(
        space,
        visibility="public",
        filters=EvaluationSpaceFilters.model_validate(
            {"model_filters": {"ids": [finished.model_id]}, "dataset_filters": {"ids": [finished.dataset_id]}}
        ),
    )
    assert narrowed.visibility == "public" and narrowed.description == "one model"
    assert (narrowed.models_count, narrowed.benchmarks_count) == (1, 1)
    assert narrowed.filters is not None and narrowed.filters.model_filters is not None
    assert narrowed.filters.model_filters.ids == [finished.model_id]

    assert client.evaluation_spaces.delete(space.id) is True
    assert client.evaluation_spaces.delete(space.id) is False, "as the original SDK: refused, not raised"
    with pytest.raises(NotFoundError):
        client.evaluation_spaces.get(space.id)


def test_filters_pick_the_leaderboard_cells(client, finished: Evaluation) -> None:  # type: ignore[no-untyped-def]
    space = client.evaluation_spaces.create(
        name=unique("Cells"),
        filters={"model_filters": {"ids": [finished.model_id]}, "dataset_filters": {"ids": [finished.dataset_id]}},
    )
    cells = client.evaluation_spaces.get_evaluations(space)
    assert len(cells) == 1, "the latest success of the one model on the one benchmark"
    cell = cells[0]
    assert isinstance(cell, Evaluation) and cell.status == "success"
    assert (cell.model_id, cell.dataset_id) == (finished.model_id, finished.dataset_id)
    empty = client.evaluation_spaces.create(name=unique("Nothing"), filters={"providers": ["no-such-provider"]})
    assert (empty.models_count, empty.evaluations_count) == (0, 0)
    assert client.evaluation_spaces.get_evaluations(empty) == []


def test_a_duplicate_name_is_a_conflict(client) -> None:  # type: ignore[no-untyped-def]
    name = unique("Twice")
    client.evaluation_spaces.create(name=name)
    with pytest.raises(ConflictError) as caught:
        client.evaluation_spaces.create(name=name)
    assert "already exists" in str(caught.value)


@pytest.mark.anyio
async def test_async_evaluation_spaces(assay_server: AssayServer) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        space = await client.evaluation_spaces.create(name=unique("Async board"), weight=5)
        assert space.weight == 5
        assert (await client.evaluation_spaces.get(space)).id == space.id
        assert (await client.evaluation_spaces.update(space, description="changed")).description == "changed"
        page = await client.evaluation_spaces.get_many(sort_by="weight")
        assert space.id in [s.id for s in page.evaluation_spaces]
        assert isinstance(await client.evaluation_spaces.get_evaluations(space), list)
        assert await client.evaluation_spaces.delete(space) is True
        assert await client.evaluation_spaces.delete(space) is False


def test_the_spaces_sample_by_slug(client) -> None:  # type: ignore[no-untyped-def]
    """
    The original CLI's spaces sample (create, list, get "ID or slug", delete) with the slug in
    place of the id: ``get(id_or_slug)``, ``update`` and ``delete`` take either.
    """
    name = unique("CLI Demo Space")
    space = client.evaluation_spaces.create(
        name=name, description="Temporary space for CLI examples", visibility="private"
    )
    assert space.slug == name.lower().replace(" ", "-")
    assert space.slug in [s.slug for s in client.evaluation_spaces.get_many(page_size=500).evaluation_spaces]
    assert client.evaluation_spaces.get(space.slug) == space
    assert client.evaluation_spaces.get(space.id) == space
    # Renaming keeps the slug; a new one is set only when asked, and a taken one is a conflict.
    renamed = client.evaluation_spaces.update(space.slug, name=unique("Renamed"))
    assert renamed.slug == space.slug
    moved = client.evaluation_spaces.update(space.slug, slug=space.slug + "-moved")
    assert moved.slug == space.slug + "-moved"
    other = client.evaluation_spaces.create(name=unique("Other"))
    with pytest.raises(ConflictError):
        client.evaluation_spaces.update(other, slug=moved.slug)
    assert client.evaluation_spaces.delete(moved.slug) is True
    with pytest.raises(NotFoundError):
        client.evaluation_spaces.get(moved.slug)
