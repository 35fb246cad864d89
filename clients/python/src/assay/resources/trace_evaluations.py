from functools import partial
from typing import Any, Dict, List, Literal, Optional, Sequence, Union

from pydantic import BaseModel

from .._exceptions import NotFoundError
from .._operation import Operation, clamp_page_size, query
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.judges import Judge
from ..types.trace_evaluations import (
    BulkTraceEvaluationsResponse,
    CostEstimateResponse,
    TraceEvaluation,
    TraceEvaluationResult,
    TraceEvaluationsResponse,
    TraceEvaluationStatus,
)
from ..types.traces import Trace
from ._polling import PollSchedule, poll_async, poll_sync
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource

#: This list's own page sizes (wire protocol §10.3).
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100


class _Page(BaseModel):
    trace_evaluations: List[TraceEvaluation]
    count: Optional[int] = None
    total: Optional[int] = None


def _page(raw: Any, response: Any) -> TraceEvaluationsResponse:
    answer = validate(raw, _Page, response)
    count = answer.count if answer.count is not None else len(answer.trace_evaluations)
    return TraceEvaluationsResponse(
        trace_evaluations=answer.trace_evaluations,
        count=count,
        total=answer.total if answer.total is not None else count,
    )


def _run_id(ref: IdRef) -> str:
    return id_of(ref, "id", TraceEvaluation)


def _judge_id(ref: IdRef) -> str:
    return id_of(ref, "judge_id", Judge)


def _trace_ids(refs: Sequence[IdRef]) -> List[str]:
    return [id_of(ref, "each of trace_ids", Trace) for ref in refs]


class _Ops:
    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def path(self, *segments: str) -> str:
        return self.client._project_path("trace-evaluations", *segments)

    def create(self, trace_id: IdRef, judge_id: IdRef) -> Operation[TraceEvaluation]:
        body = {"trace_id": id_of(trace_id, "trace_id", Trace), "judge_id": _judge_id(judge_id)}
        return Operation("POST", self.path(), TraceEvaluation, Envelope.STATUS_DATA_OR_BARE, body=body)

    def create_many(self, trace_ids: Sequence[IdRef], judge_id: IdRef) -> Operation[BulkTraceEvaluationsResponse]:
        body = {"judge_id": _judge_id(judge_id), "trace_ids": _trace_ids(trace_ids)}
        return Operation(
            "POST", self.path("bulk"), BulkTraceEvaluationsResponse, Envelope.STATUS_DATA_OR_BARE, body=body
        )

    def get(self, id: IdRef) -> Operation[TraceEvaluation]:
        return Operation("GET", self.path(_run_id(id)), TraceEvaluation, Envelope.STATUS_DATA_OR_BARE)

    def list(
        self, page: Optional[int], page_size: Optional[int], filters: Dict[str, Any]
    ) -> Operation[TraceEvaluationsResponse]:
        size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
        params = query(page=page if page is not None else 1, page_size=size, **filters)
        return Operation(
            "GET", self.path(), TraceEvaluationsResponse, Envelope.STATUS_DATA_OR_BARE, params=params, convert=_page
        )

    def results(self, id: IdRef) -> Operation[TraceEvaluationResult]:
        return Operation("GET", self.path(_run_id(id), "results"), TraceEvaluationResult, Envelope.STATUS_DATA_OR_BARE)

    def estimate(self, trace_ids: Sequence[IdRef], judge_id: IdRef) -> Operation[CostEstimateResponse]:
        body = {"trace_ids": _trace_ids(trace_ids), "judge_id": _judge_id(judge_id)}
        return Operation("POST", self.path("estimate"), CostEstimateResponse, Envelope.STATUS_DATA_OR_BARE, body=body)


def _filters(**values: Any) -> Dict[str, Any]:
    return values


def _finished(current: TraceEvaluation) -> bool:
    return current.is_finished


#: What ``wait_for_completion()`` ends with: the verdict after ``success``, else the finished run.
FinishedTraceEvaluation = Union[TraceEvaluationResult, TraceEvaluation]


class TraceEvaluations(SyncAPIResource):
    """``client.trace_evaluations``: one judge run over one trace, executed by the server."""

    def create(self, trace_id: IdRef, judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> TraceEvaluation:
        """Starts judging the trace with the judge's current version; returns the run, ``pending``."""
        return self._client._execute(_Ops(self._client).create(trace_id, judge_id), timeout)

    def create_many(
        self, trace_ids: Sequence[IdRef], judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> List[TraceEvaluation]:
        """Assay extension: judges up to 1,000 traces with one judge, all or none, in the given order."""
        op = _Ops(self._client).create_many(trace_ids, judge_id)
        return self._client._execute(op, timeout).trace_evaluations

    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> TraceEvaluation:
        """The run's current state; an unknown id raises ``NotFoundError``."""
        return self._client._execute(_Ops(self._client).get(id), timeout)

    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        judge_id: Optional[str] = None,
        trace_id: Optional[str] = None,
        outcome: Optional[Literal["pass", "fail"]] = None,
        time_range: Optional[str] = None,
        search: Optional[str] = None,
        sort_by: Optional[str] = None,
        sort_order: Optional[Literal["asc", "desc"]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> TraceEvaluationsResponse:
        """One page (default 20, at most 100); ``total`` counts all pages."""
        filters = _filters(
            judge_id=judge_id,
            trace_id=trace_id,
            outcome=outcome,
            time_range=time_range,
            search=search,
            sort_by=sort_by,
            sort_order=sort_order,
        )
        return self._client._execute(_Ops(self._client).list(page, page_size, filters), timeout)

    def get_results(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Optional[TraceEvaluationResult]:
        """The verdict, or None while there is none yet (the server answers 404 until it exists)."""
        try:
            return self._client._execute(_Ops(self._client).results(id), timeout)
        except NotFoundError:
            return None

    def estimate_cost(
        self, trace_ids: Sequence[IdRef], judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> CostEstimateResponse:
        """What judging the traces with the judge would cost: tokens and US dollars."""
        op = _Ops(self._client).estimate(trace_ids, judge_id)
        return self._client._execute(op, timeout)

    def wait_for_completion(
        self, id: IdRef, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = 300
    ) -> FinishedTraceEvaluation:
        """
        Polls the run until it ends, then returns its verdict (``TraceEvaluationResult``) after
        ``success``, or the finished run itself (``TraceEvaluation``, ``status`` ``failure``, why in
        ``error``) after a failure. It polls at once, then after pauses growing from 0.5 s to at
        most 10 s (every ``interval_seconds`` when given). After ``timeout_seconds`` (None: no
        limit) it raises ``WaitTimeoutError``; the run goes on on the server.
        """
        run_id = _run_id(id)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = partial(self.get, run_id)
        current = poll_sync("Trace evaluation " + run_id, read, _finished, schedule, self._client._shared.sleep)
        verdict = self.get_results(run_id) if current.status == TraceEvaluationStatus.SUCCESS else None
        return verdict if verdict is not None else current


class AsyncTraceEvaluations(AsyncAPIResource):
    """``client.trace_evaluations`` of ``AsyncAssay``: the methods of ``TraceEvaluations``, awaited."""

    async def create(self, trace_id: IdRef, judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> TraceEvaluation:
        return await self._client._execute(_Ops(self._client).create(trace_id, judge_id), timeout)

    async def create_many(
        self, trace_ids: Sequence[IdRef], judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> List[TraceEvaluation]:
        op = _Ops(self._client).create_many(trace_ids, judge_id)
        return (await self._client._execute(op, timeout)).trace_evaluations

    async def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> TraceEvaluation:
        return await self._client._execute(_Ops(self._client).get(id), timeout)

    async def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        judge_id: Optional[str] = None,
        trace_id: Optional[str] = None,
        outcome: Optional[Literal["pass", "fail"]] = None,
        time_range: Optional[str] = None,
        search: Optional[str] = None,
        sort_by: Optional[str] = None,
        sort_order: Optional[Literal["asc", "desc"]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> TraceEvaluationsResponse:
        filters = _filters(
            judge_id=judge_id,
            trace_id=trace_id,
            outcome=outcome,
            time_range=time_range,
            search=search,
            sort_by=sort_by,
            sort_order=sort_order,
        )
        return await self._client._execute(_Ops(self._client).list(page, page_size, filters), timeout)

    async def get_results(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Optional[TraceEvaluationResult]:
        try:
            return await self._client._execute(_Ops(self._client).results(id), timeout)
        except NotFoundError:
            return None

    async def estimate_cost(
        self, trace_ids: Sequence[IdRef], judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> CostEstimateResponse:
        op = _Ops(self._client).estimate(trace_ids, judge_id)
        return await self._client._execute(op, timeout)

    async def wait_for_completion(
        self, id: IdRef, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = 300
    ) -> FinishedTraceEvaluation:
        run_id = _run_id(id)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = partial(self.get, run_id)
        label = "Trace evaluation " + run_id
        current = await poll_async(label, read, _finished, schedule, self._client._shared.async_sleep)
        verdict = await self.get_results(run_id) if current.status == TraceEvaluationStatus.SUCCESS else None
        return verdict if verdict is not None else current
