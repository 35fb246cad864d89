from typing import Dict, Literal, Optional, Sequence, Tuple

from ..._exceptions import InvalidInputError
from ..._flow import Flow, call, twin
from ..._operation import Operation, Route, clamp_page_size, query, reading
from ..._response import Envelope
from ..._types import NOT_GIVEN, RequestTimeout
from ...types.benchmarks import Benchmark
from ...types.evaluations import Evaluation, EvaluationsResponse
from ...types.models import Model
from ...types.public import ComparisonResponse, PublicBenchmarkDetail, PublicModelDetail
from ...types.run_matrix import PromptAnswer, RunMatrixFilter, RunMatrixResponse
from .._refs import IdRef, id_of
from .._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource
from ..evaluations import list_evaluations_op, pagination

#: ``reference_fails``: evaluation 1 wrong, 2 right; ``comparison_fails``: 1 right, 2 wrong.
OutcomeFilter = Literal["all", "both_succeed", "both_fail", "reference_fails", "comparison_fails"]


COMPARE = Route("results.compare", "GET", "/results/comparison", ComparisonResponse, Envelope.BARE)
MATRIX = Route("results.matrix", "GET", "/results/matrix", RunMatrixResponse, Envelope.BARE)
ANSWER = Route("results.answer", "GET", "/results/answer", PromptAnswer, Envelope.BARE)

#: The run matrix takes 2 to 10 runs, and pages of at most 200 prompts (50 unless asked).
MIN_MATRIX_RUNS = 2
MAX_MATRIX_RUNS = 10
MATRIX_PAGE_SIZE = 50
MAX_MATRIX_PAGE_SIZE = 200


def _compare_op(id_1: IdRef, id_2: IdRef, params: Dict[str, str]) -> Operation[ComparisonResponse]:
    all_params = query(
        evaluation_id_1=id_of(id_1, "evaluation_id_1", Evaluation),
        evaluation_id_2=id_of(id_2, "evaluation_id_2", Evaluation),
    )
    all_params.update(params)
    return COMPARE.op(params=all_params)


def _latest_op(benchmark_id: str, model_id: str) -> Operation[EvaluationsResponse]:
    """The newest successful evaluation of the model on the benchmark (the original's lookup)."""
    return list_evaluations_op(
        None,
        page=1,
        page_size=1,
        sort_by="submitted_at",
        order="desc",
        model_ids=[model_id],
        benchmark_ids=[benchmark_id],
        status="success",
        unique=True,
    )


def _matrix_op(
    evaluations: Sequence[IdRef],
    page: Optional[int],
    page_size: Optional[int],
    filter: Optional[str],
    run: Optional[IdRef],
) -> Operation[RunMatrixResponse]:
    if isinstance(evaluations, (str, bytes)) or not MIN_MATRIX_RUNS <= len(evaluations) <= MAX_MATRIX_RUNS:
        raise InvalidInputError("evaluations: list {} to {} evaluations".format(MIN_MATRIX_RUNS, MAX_MATRIX_RUNS))
    ids = [id_of(e, "evaluations[{}]".format(i), Evaluation) for i, e in enumerate(evaluations)]
    effective_page = page if page is not None else 1
    effective_size = clamp_page_size(page_size, MATRIX_PAGE_SIZE, MAX_MATRIX_PAGE_SIZE)
    params = query(
        evaluation_ids=ids,
        page=effective_page,
        page_size=effective_size,
        filter=filter,
        run=None if run is None else id_of(run, "run", Evaluation),
    )

    def complete(answer: RunMatrixResponse) -> RunMatrixResponse:
        answer.pagination = pagination(effective_page, effective_size, answer.total_count)
        return answer

    return reading(MATRIX.op(params=params), complete)


def _compared_ids(benchmark: IdRef, model_1: IdRef, model_2: IdRef) -> Tuple[str, str, str]:
    """The benchmark's and both models' ids, checked before the first request."""
    return (
        id_of(benchmark, "benchmark_id", Benchmark, PublicBenchmarkDetail),
        id_of(model_1, "model_id_1", Model, PublicModelDetail),
        id_of(model_2, "model_id_2", Model, PublicModelDetail),
    )


def _latest_id(answer: EvaluationsResponse, model_id: str, benchmark_id: str) -> str:
    if not answer.evaluations:
        raise InvalidInputError(
            "No successful evaluation of model {} on benchmark {} to compare.".format(model_id, benchmark_id)
        )
    return answer.evaluations[0].id


def _page_params(
    page: Optional[int], page_size: Optional[int], outcome_filter: Optional[str], search: Optional[str]
) -> Dict[str, str]:
    return query(page=page, page_size=page_size, outcome_filter=outcome_filter, search=search)


class _ComparisonMethods(ResourceMethods):
    """``public.comparisons``: two evaluations' results paired by prompt, with paired statistics."""

    @twin
    def compare(
        self,
        evaluation_id_1: IdRef,
        evaluation_id_2: IdRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome_filter: Optional[OutcomeFilter] = None,
        search: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[ComparisonResponse]:
        """Evaluation 1 is the reference; ``assay`` (extension) holds McNemar's test and the difference."""
        params = _page_params(page, page_size, outcome_filter, search)
        return (yield from call(_compare_op(evaluation_id_1, evaluation_id_2, params), timeout))

    @twin
    def compare_models(
        self,
        benchmark_id: IdRef,
        model_id_1: IdRef,
        model_id_2: IdRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome_filter: Optional[OutcomeFilter] = None,
        search: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[ComparisonResponse]:
        """Compares each model's newest successful evaluation on the benchmark."""
        benchmark_id, model_id_1, model_id_2 = _compared_ids(benchmark_id, model_id_1, model_id_2)
        id_1 = _latest_id((yield from call(_latest_op(benchmark_id, model_id_1), timeout)), model_id_1, benchmark_id)
        id_2 = _latest_id((yield from call(_latest_op(benchmark_id, model_id_2), timeout)), model_id_2, benchmark_id)
        params = _page_params(page, page_size, outcome_filter, search)
        return (yield from call(_compare_op(id_1, id_2, params), timeout))

    @twin
    def matrix(
        self,
        evaluations: Sequence[IdRef],
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        filter: Optional[RunMatrixFilter] = None,
        run: Optional[IdRef] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[RunMatrixResponse]:
        """
        Assay extension: 2 to 10 evaluations of one benchmark side by side on the prompts every one
        answered, each run's accuracy with its interval, and every pair's paired test with its
        p-value Holm-adjusted over the pairs. ``filter`` picks rows (``run`` names the run that
        ``alone_fails`` / ``alone_passes`` single out).
        """
        return (yield from call(_matrix_op(evaluations, page, page_size, filter, run), timeout))

    @twin
    def answer(
        self, evaluation_id: IdRef, prompt_id: str, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[PromptAnswer]:
        """Assay extension: one evaluation's answer to one prompt of the matrix, by the prompt's id."""
        params = query(evaluation_id=id_of(evaluation_id, "evaluation_id", Evaluation), prompt_id=prompt_id)
        return (yield from call(ANSWER.op(params=params), timeout))


class Comparisons(SyncAPIResource, _ComparisonMethods):
    __doc__ = _ComparisonMethods.__doc__


class AsyncComparisons(AsyncAPIResource, _ComparisonMethods):
    """``public.comparisons`` of ``AsyncPublicClient``: the methods of ``Comparisons``, awaited."""
