from typing import List, Literal, Optional, Union

from ..._types import NOT_GIVEN, RequestTimeout
from ...types.evaluations import Evaluation, EvaluationsResponse, EvaluationStatus
from .._resource import AsyncAPIResource, SyncAPIResource
from ..evaluations import SortBy, get_evaluation_op, list_evaluations_op


class PublicEvaluationsResource(SyncAPIResource):
    """
    ``public.evaluations``: evaluations visible to the key — its organization's own and those any
    organization made public.
    """

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
    ) -> EvaluationsResponse:
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
        return self._client._execute(op, timeout)

    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        return self._client._execute(get_evaluation_op(id), timeout)


class AsyncPublicEvaluationsResource(AsyncAPIResource):
    async def get_many(
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
    ) -> EvaluationsResponse:
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
        return await self._client._execute(op, timeout)

    async def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        return await self._client._execute(get_evaluation_op(id), timeout)
