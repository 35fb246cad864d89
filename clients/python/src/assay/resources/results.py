from typing import List, Literal, Optional

from pydantic import BaseModel

from .._flow import Flow, call, twin
from .._operation import Operation, Route, clamp_page_size, query, reading
from .._response import Envelope
from .._types import NOT_GIVEN, RequestTimeout
from ..types.evaluations import Result, ResultMetrics, ResultsResponse
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource
from .evaluations import EvaluationRef, evaluation_id, pagination

#: ``passed``; ``failed`` = not passed (model-call errors included); ``error`` = the model call or the
#: scoring failed; ``flaky`` (extension) = a prompt asked several times whose answers disagree. A
#: prompt with repeats is ``passed`` only when every repeat passed.
ResultOutcome = Literal["passed", "failed", "error", "flaky"]

#: A run with repeats listed one row per prompt (``prompt``, the server's default: its answers in
#: ``Result.repeats``) or one row per answer (``each``, each with its ``Result.repeat``).
ResultRepeatView = Literal["prompt", "each"]

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _ResultPage(BaseModel):
    evaluation_id: str
    results: List[Result]
    metrics: ResultMetrics


LIST = Route("results.list", "GET", "/results", _ResultPage, Envelope.BARE)


def _page_op(
    id: str,
    page: Optional[int],
    page_size: Optional[int],
    outcome: Optional[str],
    search: Optional[str] = None,
    subset: Optional[str] = None,
    repeats: Optional[str] = None,
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
        repeats=repeats,
    )

    def complete(answer: _ResultPage) -> ResultsResponse:
        return ResultsResponse(
            evaluation_id=answer.evaluation_id,
            results=answer.results,
            metrics=answer.metrics,
            pagination=pagination(effective_page, effective_size, answer.metrics.total_count),
        )

    return reading(LIST.op(params=params), complete)


def _is_last(answer: ResultsResponse) -> bool:
    """From page 1 until an empty page or the last page the total implies (the original's ``get_all``)."""
    return not answer.results or answer.pagination.page >= answer.pagination.total_pages


class _ResultMethods(ResourceMethods):
    """``client.results``: an evaluation's per-prompt results, in benchmark order."""

    @twin
    def get(
        self,
        evaluation: EvaluationRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        repeats: Optional[ResultRepeatView] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[ResultsResponse]:
        """One page (default 100, at most 500). Assay extensions: ``outcome`` keeps only those results,
        ``search`` those whose prompt, response or truth contains the text (ignoring case), ``subset``
        one subset's (``default`` for prompts without one); ``repeats="each"`` lists a run with repeats
        one row per answer instead of one per prompt."""
        op = _page_op(evaluation_id(evaluation), page, page_size, outcome, search, subset, repeats)
        return (yield from call(op, timeout))

    @twin
    def get_by_id(
        self,
        evaluation_id: str,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        repeats: Optional[ResultRepeatView] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[ResultsResponse]:
        """An unknown evaluation raises ``NotFoundError``."""
        op = _page_op(evaluation_id, page, page_size, outcome, search, subset, repeats)
        return (yield from call(op, timeout))

    @twin
    def get_all(
        self,
        evaluation: EvaluationRef,
        *,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        repeats: Optional[ResultRepeatView] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[List[Result]]:
        """Every result, read in pages of 100."""
        return (yield from _all_results(evaluation_id(evaluation), outcome, search, subset, repeats, timeout))

    @twin
    def get_all_by_id(
        self,
        evaluation_id: str,
        *,
        outcome: Optional[ResultOutcome] = None,
        search: Optional[str] = None,
        subset: Optional[str] = None,
        repeats: Optional[ResultRepeatView] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[List[Result]]:
        return (yield from _all_results(evaluation_id, outcome, search, subset, repeats, timeout))


def _all_results(
    id: str,
    outcome: Optional[str],
    search: Optional[str],
    subset: Optional[str],
    repeats: Optional[str],
    timeout: RequestTimeout,
) -> Flow[List[Result]]:
    results: List[Result] = []
    page = 1
    while True:
        answer = yield from call(_page_op(id, page, DEFAULT_PAGE_SIZE, outcome, search, subset, repeats), timeout)
        results.extend(answer.results)
        if _is_last(answer):
            return results
        page += 1


class Results(SyncAPIResource, _ResultMethods):
    __doc__ = _ResultMethods.__doc__


class AsyncResults(AsyncAPIResource, _ResultMethods):
    """``client.results`` of ``AsyncAssay``: the methods of ``Results``, awaited."""
