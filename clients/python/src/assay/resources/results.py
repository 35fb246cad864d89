from typing import Any, List, Literal, Optional

from pydantic import BaseModel

from .._operation import Operation, clamp_page_size, query
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.evaluations import Result, ResultMetrics, ResultsResponse
from ._resource import AsyncAPIResource, SyncAPIResource
from .evaluations import EvaluationRef, evaluation_id, pagination

#: ``passed``; ``failed`` = not passed (model-call errors included); ``error`` = the model call failed.
ResultOutcome = Literal["passed", "failed", "error"]

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _ResultPage(BaseModel):
    evaluation_id: str
    results: List[Result]
    metrics: ResultMetrics


def _page_op(
    id: str,
    page: Optional[int],
    page_size: Optional[int],
    outcome: Optional[str],
    search: Optional[str] = None,
    subset: Optional[str] = None,
) -> Operation[ResultsResponse]:
    effective_page = page if page is not None else 1
    effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
    params = query(
        evaluation_id=id,
        page=effective_page,
        page_size=effective_size,
        outcome=outcome,
        search=search,
        subset=subset,
    )

    def convert(raw: Any, response: Any) -> ResultsResponse:
        answer = validate(raw, _ResultPage, response)
        return ResultsResponse(
            evaluation_id=answer.evaluation_id,
            results=answer.results,
            metrics=answer.metrics,
            pagination=pagination(effective_page, effective_size, answer.metrics.total_count),
        )

    return Operation("GET", "/results", ResultsResponse, Envelope.BARE, params=params, convert=convert)


def _is_last(answer: ResultsResponse) -> bool:
    """From page 1 until an empty page or the last page the total implies (the original's ``get_all``)."""
    return not answer.results or answer.pagination.page >= answer.pagination.total_pages


class Results(SyncAPIResource):
    """``client.results``: an evaluation's per-prompt results, in benchmark order."""

    def get(
        self,
        evaluation: EvaluationRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ResultsResponse:
        """One page (default 100, at most 500). Assay extensions: ``outcome`` keeps only those results,
        ``search`` those whose prompt, response or truth contains the text (ignoring case), ``subset``
        one subset's (``default`` for prompts without one)."""
        return self.get_by_id(
            evaluation_id(evaluation),
            page=page,
            page_size=page_size,
            outcome=outcome,
            search=search,
            subset=subset,
            timeout=timeout,
        )

    def get_by_id(
        self,
        evaluation_id: str,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ResultsResponse:
        """An unknown evaluation raises ``NotFoundError``."""
        return self._client._execute(_page_op(evaluation_id, page, page_size, outcome, search, subset), timeout)

    def get_all(
        self,
        evaluation: EvaluationRef,
        *,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> List[Result]:
        """Every result, read in pages of 100."""
        return self.get_all_by_id(
            evaluation_id(evaluation), outcome=outcome, search=search, subset=subset, timeout=timeout
        )

    def get_all_by_id(
        self,
        evaluation_id: str,
        *,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> List[Result]:
        results: List[Result] = []
        page = 1
        while True:
            answer = self.get_by_id(
                evaluation_id,
                page=page,
                page_size=DEFAULT_PAGE_SIZE,
                outcome=outcome,
                search=search,
                subset=subset,
                timeout=timeout,
            )
            results.extend(answer.results)
            if _is_last(answer):
                return results
            page += 1


class AsyncResults(AsyncAPIResource):
    """``client.results`` of ``AsyncAssay``: the methods of ``Results``, awaited."""

    async def get(
        self,
        evaluation: EvaluationRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ResultsResponse:
        id = evaluation_id(evaluation)
        return await self.get_by_id(
            id, page=page, page_size=page_size, outcome=outcome, search=search, subset=subset, timeout=timeout
        )

    async def get_by_id(
        self,
        evaluation_id: str,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ResultsResponse:
        return await self._client._execute(_page_op(evaluation_id, page, page_size, outcome, search, subset), timeout)

    async def get_all(
        self,
        evaluation: EvaluationRef,
        *,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> List[Result]:
        return await self.get_all_by_id(
            evaluation_id(evaluation), outcome=outcome, search=search, subset=subset, timeout=timeout
        )

    async def get_all_by_id(
        self,
        evaluation_id: str,
        *,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> List[Result]:
        results: List[Result] = []
        page = 1
        while True:
            answer = await self.get_by_id(
                evaluation_id,
                page=page,
                page_size=DEFAULT_PAGE_SIZE,
                outcome=outcome,
                search=search,
                subset=subset,
                timeout=timeout,
            )
            results.extend(answer.results)
            if _is_last(answer):
                return results
            page += 1
