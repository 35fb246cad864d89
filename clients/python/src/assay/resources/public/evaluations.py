from typing import List, Literal, Optional, Union

from ..._flow import Flow, call, twin
from ..._types import NOT_GIVEN, RequestTimeout
from ...types.evaluations import Evaluation, EvaluationsResponse, EvaluationStatus
from .._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource
from ..evaluations import SortBy, get_evaluation_op, list_evaluations_op


class _PublicEvaluationMethods(ResourceMethods):
    """
    ``public.evaluations``: evaluations visible to the key — its organization's own and those any
    organization made public.
    """

    @twin
    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        sort_by: Optional[SortBy] = None,
        order: Optional[Literal["asc", "desc"]] = None,
        model_ids: Optional[List[str]] = None,
        benchmark_ids: Optional[List[str]] = None,
        status: Optional[Union[EvaluationStatus, str]] = None,
        unique: bool = False,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[EvaluationsResponse]:
        op = list_evaluations_op(
            None,
            page=page,
            page_size=page_size,
            sort_by=sort_by,
            order=order,
            model_ids=model_ids,
            benchmark_ids=benchmark_ids,
            status=status,
            unique=unique,
        )
        return (yield from call(op, timeout))

    @twin
    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Evaluation]:
        return (yield from call(get_evaluation_op(id), timeout))


class PublicEvaluationsResource(SyncAPIResource, _PublicEvaluationMethods):
    __doc__ = _PublicEvaluationMethods.__doc__


class AsyncPublicEvaluationsResource(AsyncAPIResource, _PublicEvaluationMethods):
    """``public.evaluations`` of ``AsyncPublicClient``: the methods of ``PublicEvaluationsResource``, awaited."""
