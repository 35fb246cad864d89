"""
The public client against a real server: the model and benchmark catalogs, the evaluations visible
to the key, and comparisons of two evaluations of the same benchmark.
"""

from typing import Tuple

import pytest

from assay import Assay, AsyncAssay, AsyncPublicClient, Evaluation, NotFoundError, PublicClient
from assay._exceptions import InvalidInputError
from assay.types import (
    BenchmarkPromptsResponse,
    ComparisonResponse,
    CustomModel,
    EvaluationsResponse,
    PublicBenchmarksListResponse,
    PublicModelDetail,
    PublicModelsListResponse,
    RunMatrixResponse,
)

from .support.assay_server import GSM8K_ROWS, JUDGE_MODEL_KEY, AssayServer

#: Prompts of GSM8K each evaluation here runs.
LIMIT = 5


@pytest.fixture(scope="module")
def two_evaluations(assay_server: AssayServer, custom_model: CustomModel) -> Tuple[Evaluation, Evaluation]:
    """The custom model and a catalog model (both served by the fake) on the built-in GSM8K."""
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        gsm8k = client.benchmarks.get_by_key("gsm8k")
        catalog_model = client.models.get_by_key(JUDGE_MODEL_KEY)
        assert gsm8k is not None and catalog_model is not None
        first = client.evaluations.create(model=custom_model, benchmark=gsm8k, limit=LIMIT)
        second = client.evaluations.create(model=catalog_model, benchmark=gsm8k, limit=LIMIT)
        return (
            client.evaluations.wait_for_completion(first, interval_seconds=0.2, timeout_seconds=60),
            client.evaluations.wait_for_completion(second, interval_seconds=0.2, timeout_seconds=60),
        )


@pytest.fixture
def public(assay_server: AssayServer) -> PublicClient:
    return PublicClient(api_key=assay_server.api_key, base_url=assay_server.base_url)


def test_models_catalog(public: PublicClient) -> None:
    page = public.models.get()
    assert isinstance(page, PublicModelsListResponse)
    assert page.models and all(isinstance(m, PublicModelDetail) for m in page.models)
    assert len(page) == page.count and page[0] == page.models[0] and list(page) == page.models
    assert page.total_count >= page.count == len(page.models)
    assert "OpenAI" in page.companies
    openai = public.models.get(companies=["OpenAI"], sort_by="name", order="asc", page_size=5)
    assert len(openai.models) <= 5 and all(m.company == "OpenAI" for m in openai.models)
    assert [m.key for m in public.models.get(query="gpt-4o-mini", page_size=50).models].count(JUDGE_MODEL_KEY) == 1
    runnable = public.models.get(key=JUDGE_MODEL_KEY).models[0]
    assert runnable.runnable is True and runnable.cost_per_input_token is not None


def test_benchmarks_catalog_and_prompts(public: PublicClient) -> None:
    page = public.benchmarks.get()
    assert isinstance(page, PublicBenchmarksListResponse)
    assert "gsm8k" in [b.key for b in page.benchmarks] and page.total_count >= len(page.benchmarks)
    assert page.datasets == page.benchmarks, "the original client's name for them"
    assert len(page) == page.count and list(page) == page.benchmarks
    gsm8k = public.benchmarks.get(key="gsm8k").benchmarks[0]
    prompts = public.benchmarks.get_prompts(gsm8k.id, page=1, page_size=2)
    assert isinstance(prompts, BenchmarkPromptsResponse) and prompts.status == "success"
    assert prompts.data.count == GSM8K_ROWS and len(prompts.data.prompts) == 2
    assert [p.truth for p in prompts.data.prompts] == ["4", "5"]
    every = public.benchmarks.get_all_prompts(gsm8k.id)
    assert len(every) == GSM8K_ROWS and every[-1].truth == str(GSM8K_ROWS + 3)


def test_evaluations_visible_to_the_key(public: PublicClient, two_evaluations: Tuple[Evaluation, Evaluation]) -> None:
    first, second = two_evaluations
    listed = public.evaluations.get_many(benchmark_ids=[first.benchmark_id], sort_by="submitted_at", order="desc")
    assert isinstance(listed, EvaluationsResponse)
    assert {first.id, second.id} <= {e.id for e in listed.evaluations}
    assert public.evaluations.get_by_id(first.id).accuracy == first.accuracy
    with pytest.raises(NotFoundError):
        public.evaluations.get_by_id("00000000-0000-4000-8000-000000000000")


def test_compare_two_evaluations(public: PublicClient, two_evaluations: Tuple[Evaluation, Evaluation]) -> None:
    first, second = two_evaluations
    comparison = public.comparisons.compare(first.id, second.id)
    assert isinstance(comparison, ComparisonResponse)
    assert comparison.total_results_1 == comparison.total_results_2 == LIMIT
    assert comparison.total_count == len(comparison.results or []) == LIMIT
    assert comparison.assay is not None and comparison.assay.pairs == LIMIT
    assert comparison.assay.method == "mcnemar_tango"
    both = public.comparisons.compare(first.id, second.id, outcome_filter="both_succeed", page=1, page_size=2)
    assert len(both.results or []) <= 2


def test_compare_models_uses_each_models_latest_success(
    public: PublicClient, two_evaluations: Tuple[Evaluation, Evaluation]
) -> None:
    first, second = two_evaluations
    comparison = public.comparisons.compare_models(first.benchmark_id, first.model_id, second.model_id)
    assert comparison.total_results_1 == LIMIT
    with pytest.raises(InvalidInputError):
        public.comparisons.compare_models(first.benchmark_id, first.model_id, "00000000-0000-4000-8000-000000000000")


def test_run_matrix_agrees_with_the_two_run_comparison(
    public: PublicClient, two_evaluations: Tuple[Evaluation, Evaluation]
) -> None:
    first, second = two_evaluations
    comparison = public.comparisons.compare(first, second)
    matrix = public.comparisons.matrix([first, second.id], page_size=2)
    assert isinstance(matrix, RunMatrixResponse) and matrix.multiplicity == "holm"
    assert matrix.prompts == matrix.total_count == LIMIT and len(matrix.results) == 2
    assert matrix.pagination is not None and matrix.pagination.total_pages == 3
    assert [r.evaluation_id for r in matrix.runs] == [first.id, second.id]
    assert [r.passed for r in matrix.runs] == [comparison.correct_count_1, comparison.correct_count_2]
    (pair,) = matrix.pairs
    assert comparison.assay is not None
    stats = comparison.assay
    assert (pair.only_1_correct, pair.only_2_correct) == (stats.only_1_correct, stats.only_2_correct)
    assert pair.p_value_holm == pair.p_value, "one pair: nothing to adjust"
    by_prompt = {r.prompt_id: r for r in comparison.results or []}
    row = matrix.results[0]
    answer = public.comparisons.answer(second, row.prompt_id)
    assert answer.response == by_prompt[row.prompt_id].result2
    assert answer.outcome == row.cells[1].outcome
    disagree = public.comparisons.matrix([first, second], filter="disagree")
    assert disagree.total_count == pair.only_1_correct + pair.only_2_correct
    alone = public.comparisons.matrix([first, second], filter="alone_fails", run=first)
    assert alone.total_count == pair.only_2_correct
    with pytest.raises(InvalidInputError):
        public.comparisons.matrix([first])
    with pytest.raises(NotFoundError):
        public.comparisons.answer(first, "no-such-prompt")


def test_client_public_shares_the_clients_configuration(client: Assay) -> None:
    assert isinstance(client.public, PublicClient)
    assert client.public is client.public
    assert client.public.base_url == client.base_url and client.public.timeout == client.timeout
    assert client.public.models.get(page_size=1).count == 1


@pytest.mark.anyio
async def test_async_public(assay_server: AssayServer, two_evaluations: Tuple[Evaluation, Evaluation]) -> None:
    first, second = two_evaluations
    async with AsyncPublicClient(api_key=assay_server.api_key, base_url=assay_server.base_url) as public:
        assert (await public.models.get(page_size=3)).count == 3
        gsm8k = (await public.benchmarks.get(key="gsm8k")).benchmarks[0]
        assert (await public.benchmarks.get_prompts(gsm8k.id)).data.count == GSM8K_ROWS
        assert len(await public.benchmarks.get_all_prompts(gsm8k.id)) == GSM8K_ROWS
        assert first.id in [e.id for e in (await public.evaluations.get_many()).evaluations]
        assert (await public.evaluations.get_by_id(second.id)).id == second.id
        assert (await public.comparisons.compare(first.id, second.id)).total_results_2 == LIMIT
        compared = await public.comparisons.compare_models(first.benchmark_id, first.model_id, second.model_id)
        assert compared.total_results_1 == LIMIT
        matrix = await public.comparisons.matrix([first, second])
        assert matrix.total_count == LIMIT and matrix.pagination is not None
        answer = await public.comparisons.answer(first, matrix.results[0].prompt_id)
        assert answer.evaluation_id == first.id
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        assert isinstance(client.public, AsyncPublicClient)
        assert (await client.public.models.get(page_size=1)).count == 1
