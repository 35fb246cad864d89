"""
``client.scorers`` against a real server: the original SDK's calls, and a custom benchmark whose
results its scorers grade. The fake model grades as the server's judge asks it to: it passes (0.9)
a response whose grading request mentions Paris, and fails (0.1) the others.
"""

from pathlib import Path

import pytest

from assay import Assay, AsyncAssay, NotFoundError
from assay._exceptions import BadRequestError, ConflictError
from assay.types import CustomModel, Scorer, ScorersResponse, ScorerStats

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import write_jsonl

#: Two questions asked in Paris, two elsewhere; the fake model answers every sum right.
ROWS = [
    {"input": "Q1: In Paris. What is 2 + 3?", "truth": "5"},
    {"input": "Q2: In Rome. What is 10 + 20?", "truth": "30"},
    {"input": "Q3: In Paris. What is 7 + 7?", "truth": "14"},
    {"input": "Q4: In Oslo. What is 100 + 23?", "truth": "123"},
]
CITY_RUBRIC = "Pass responses to questions asked in the French capital."
LENIENT_RUBRIC = "Pass every response; Paris or not, all are fine."


def test_create_get_list_update_delete(client: Assay, custom_model: CustomModel) -> None:
    name = unique("Politeness")
    # The original SDK's create: name, description, model_id, prompt.
    scorer = client.scorers.create(
        name=name, description="is it polite", model_id=custom_model.id, prompt="Pass polite responses only."
    )
    assert isinstance(scorer, Scorer)
    assert (scorer.name, scorer.description, scorer.model_id) == (name, "is it polite", custom_model.id)
    assert scorer.model_name == custom_model.name and scorer.model_key == custom_model.key
    assert client.scorers.get(scorer.id) == scorer

    page = client.scorers.get_many(page_size=500)
    assert isinstance(page, ScorersResponse)
    assert scorer.id in [s.id for s in page.scorers]
    assert page.count == len(page.scorers) and page.total_count >= page.count

    # As the original SDK: update and delete answer a bool.
    assert client.scorers.update(scorer.id, description="changed") is True
    changed = client.scorers.get(scorer)
    assert (changed.description, changed.prompt) == ("changed", scorer.prompt)
    assert client.scorers.update(scorer.id, prompt="short") is False, "a refused value, not raised"

    assert client.scorers.delete(scorer.id) is True
    assert client.scorers.delete(scorer.id) is False
    assert client.scorers.update(scorer.id, name="gone") is False
    with pytest.raises(NotFoundError):
        client.scorers.get(scorer.id)


def test_refusals_name_the_field(client: Assay, custom_model: CustomModel) -> None:
    name = unique("Twice")
    client.scorers.create(name=name, description="", model_id=custom_model.id, prompt=LENIENT_RUBRIC)
    with pytest.raises(ConflictError) as conflict:
        client.scorers.create(name=name, description="", model_id=custom_model.id, prompt=LENIENT_RUBRIC)
    assert "already exists" in str(conflict.value)
    with pytest.raises(BadRequestError) as bad_model:
        client.scorers.create(name=unique("Nobody"), description="", model_id="acme/nobody", prompt=LENIENT_RUBRIC)
    assert "body.model_id" in str(bad_model.value)


def test_a_custom_benchmark_graded_by_scorers(client: Assay, custom_model: CustomModel, tmp_path: Path) -> None:
    city = client.scorers.create(name=unique("City"), description="", model_id=custom_model.id, prompt=CITY_RUBRIC)
    lenient = client.scorers.create(
        name=unique("Lenient"), description="", model_id=custom_model.id, prompt=LENIENT_RUBRIC
    )
    assert city.id is not None and lenient.id is not None
    created = client.benchmarks.create_custom(
        name=unique("Cities")[:60],
        description="sums in cities",
        file_path=write_jsonl(tmp_path / "cities.jsonl", ROWS),
        scoring_metric="numeric",
        custom_scorer_ids=[city.id, lenient.id],
    )
    benchmark = client.benchmarks.get_by_id(created.benchmark_id)
    assert benchmark.custom_scorers == [city.id, lenient.id]  # type: ignore[union-attr]

    evaluation = client.evaluations.create(model=custom_model, benchmark=benchmark)
    done = client.evaluations.wait_for_completion(evaluation, interval_seconds=0.2, timeout_seconds=60)
    assert done.status == "success" and done.accuracy == 1.0
    assert done.assay is not None
    by_id = {s.id: s for s in done.assay.scorers}
    graded = by_id[city.id]
    assert isinstance(graded, ScorerStats)
    # Scores 0.9, 0.1, 0.9, 0.1: a graded scorer, so Student's t interval on its mean.
    assert (graded.n, graded.failed, graded.interval, graded.pass_rate) == (4, 0, "t", 0.5)
    assert graded.mean == pytest.approx(0.5)
    assert graded.ci95 is not None and graded.ci95.low < 0.5 < graded.ci95.high
    assert by_id[lenient.id].mean == pytest.approx(0.9) and by_id[lenient.id].pass_rate == 1.0

    results = client.results.get_all(evaluation=done)
    grades = {r.prompt: r.scorer_scores[city.id].passed for r in results}
    assert grades == {row["input"]: "Paris" in row["input"] for row in ROWS}


def test_unknown_scorer_on_a_benchmark_is_refused(client: Assay, tmp_path: Path) -> None:
    with pytest.raises(BadRequestError) as refused:
        client.benchmarks.create_custom(
            name=unique("Refused")[:60],
            description="",
            file_path=write_jsonl(tmp_path / "refused.jsonl", ROWS),
            custom_scorer_ids=["00000000-0000-4000-8000-000000000000"],
        )
    assert "body.custom_scorers.0" in str(refused.value)


@pytest.mark.anyio
async def test_async_scorers(assay_server: AssayServer, custom_model: CustomModel) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        scorer = await client.scorers.create(
            name=unique("Async"), description="", model_id=custom_model.id, prompt=LENIENT_RUBRIC
        )
        assert (await client.scorers.get(scorer)).id == scorer.id
        assert await client.scorers.update(scorer, name=unique("Renamed")) is True
        page = await client.scorers.get_many()
        assert scorer.id in [s.id for s in page.scorers]
        assert await client.scorers.delete(scorer) is True
        assert await client.scorers.delete(scorer) is False
