from typing import Dict, Literal, Optional, Tuple

from ..._exceptions import InvalidInputError
from ..._flow import Flow, call, twin
from ..._operation import Operation, Route, query
from ..._response import Envelope
from ..._types import NOT_GIVEN, RequestTimeout
from ...types.benchmarks import Benchmark
from ...types.evaluations import Evaluation, EvaluationsResponse
from ...types.models import Model
from ...types.public import ComparisonResponse, PublicBenchmarkDetail, PublicModelDetail
from .._refs import IdRef, id_of
from .._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource
from ..evaluations import list_evaluations_op

#: ``reference_fails``: evaluation 1 wrong, 2 right; ``comparison_fails``: 1 right, 2 wrong.
OutcomeFilter = Literal["all", "both_succeed", "both_fail", "reference_fails", "comparison_fails"]


COMPARE = Route("results.compare", "GET", "/results/comparison", ComparisonResponse, Envelope.BARE)


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


class Comparisons(SyncAPIResource, _ComparisonMethods):
    __doc__ = _ComparisonMethods.__doc__


class AsyncComparisons(AsyncAPIResource, _ComparisonMethods):
    """``public.comparisons`` of ``AsyncPublicClient``: the methods of ``Comparisons``, awaited."""
