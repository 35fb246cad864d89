from typing import Dict, Literal, Optional, Tuple

from ..._exceptions import InvalidInputError
from ..._operation import Operation, query
from ..._response import Envelope
from ..._types import NOT_GIVEN, RequestTimeout
from ...types.benchmarks import Benchmark
from ...types.evaluations import Evaluation, EvaluationsResponse
from ...types.models import Model
from ...types.public import ComparisonResponse, PublicBenchmarkDetail, PublicModelDetail
from .._refs import IdRef, id_of
from .._resource import AsyncAPIResource, SyncAPIResource
from ..evaluations import list_evaluations_op

#: ``reference_fails``: evaluation 1 wrong, 2 right; ``comparison_fails``: 1 right, 2 wrong.
OutcomeFilter = Literal["all", "both_succeed", "both_fail", "reference_fails", "comparison_fails"]


def _compare_op(id_1: IdRef, id_2: IdRef, params: Dict[str, str]) -> Operation[ComparisonResponse]:
    all_params = query(
        evaluation_id_1=id_of(id_1, "evaluation_id_1", Evaluation),
        evaluation_id_2=id_of(id_2, "evaluation_id_2", Evaluation),
    )
    all_params.update(params)
    return Operation("GET", "/results/comparison", ComparisonResponse, Envelope.BARE, params=all_params)


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


class Comparisons(SyncAPIResource):
    """``public.comparisons``: two evaluations' results paired by prompt, with paired statistics."""

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
    ) -> ComparisonResponse:
        """Evaluation 1 is the reference; ``assay`` (extension) holds McNemar's test and the difference."""
        params = _page_params(page, page_size, outcome_filter, search)
        return self._client._execute(_compare_op(evaluation_id_1, evaluation_id_2, params), timeout)

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
    ) -> ComparisonResponse:
        """Compares each model's newest successful evaluation on the benchmark."""
        benchmark_id, model_id_1, model_id_2 = _compared_ids(benchmark_id, model_id_1, model_id_2)
        id_1 = _latest_id(
            self._client._execute(_latest_op(benchmark_id, model_id_1), timeout), model_id_1, benchmark_id
        )
        id_2 = _latest_id(
            self._client._execute(_latest_op(benchmark_id, model_id_2), timeout), model_id_2, benchmark_id
        )
        return self.compare(
            id_1, id_2, page=page, page_size=page_size, outcome_filter=outcome_filter, search=search, timeout=timeout
        )


class AsyncComparisons(AsyncAPIResource):
    async def compare(
        self,
        evaluation_id_1: IdRef,
        evaluation_id_2: IdRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome_filter: Optional[OutcomeFilter] = None,
        search: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ComparisonResponse:
        params = _page_params(page, page_size, outcome_filter, search)
        return await self._client._execute(_compare_op(evaluation_id_1, evaluation_id_2, params), timeout)

    async def compare_models(
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
    ) -> ComparisonResponse:
        benchmark_id, model_id_1, model_id_2 = _compared_ids(benchmark_id, model_id_1, model_id_2)
        first = await self._client._execute(_latest_op(benchmark_id, model_id_1), timeout)
        second = await self._client._execute(_latest_op(benchmark_id, model_id_2), timeout)
        return await self.compare(
            _latest_id(first, model_id_1, benchmark_id),
            _latest_id(second, model_id_2, benchmark_id),
            page=page,
            page_size=page_size,
            outcome_filter=outcome_filter,
            search=search,
            timeout=timeout,
        )
