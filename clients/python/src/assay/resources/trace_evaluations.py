from typing import Dict, List, Literal, Optional, Sequence, Union

from pydantic import BaseModel

from .._exceptions import NotFoundError
from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query, reading
from .._response import Envelope
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
from ._polling import PollSchedule, poll
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource

#: This list's own page sizes (wire protocol §10.3).
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100


class _Page(BaseModel):
    trace_evaluations: List[TraceEvaluation]
    count: Optional[int] = None
    total: Optional[int] = None


def _page(answer: _Page) -> TraceEvaluationsResponse:
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


_RUNS = "/organizations/{organization_id}/projects/{project_id}/trace-evaluations"
_RUN = _RUNS + "/{trace_evaluation_id}"
_ENVELOPE = Envelope.STATUS_DATA_OR_BARE
CREATE = Route("traceEvaluations.create", "POST", _RUNS, TraceEvaluation, _ENVELOPE)
BULK_CREATE = Route("traceEvaluations.bulkCreate", "POST", _RUNS + "/bulk", BulkTraceEvaluationsResponse, _ENVELOPE)
GET = Route("traceEvaluations.get", "GET", _RUN, TraceEvaluation, _ENVELOPE)
LIST = Route("traceEvaluations.list", "GET", _RUNS, _Page, _ENVELOPE)
GET_RESULT = Route("traceEvaluations.getResult", "GET", _RUN + "/results", TraceEvaluationResult, _ENVELOPE)
ESTIMATE = Route("traceEvaluations.estimate", "POST", _RUNS + "/estimate", CostEstimateResponse, _ENVELOPE)


def _finished(current: TraceEvaluation) -> bool:
    return current.is_finished


#: What ``wait_for_completion()`` ends with: the verdict after ``success``, else the finished run.
FinishedTraceEvaluation = Union[TraceEvaluationResult, TraceEvaluation]


class _TraceEvaluationMethods(ResourceMethods):
    """``client.trace_evaluations``: one judge run over one trace, executed by the server."""

    def _run(self, id: IdRef) -> Dict[str, str]:
        return {**self._scope(), "trace_evaluation_id": _run_id(id)}

    @twin
    def create(self, trace_id: IdRef, judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[TraceEvaluation]:
        """Starts judging the trace with the judge's current version; returns the run, ``pending``."""
        fields = {"trace_id": id_of(trace_id, "trace_id", Trace), "judge_id": _judge_id(judge_id)}
        return (yield from call(CREATE.op(self._scope(), body=fields), timeout))

    @twin
    def create_many(
        self, trace_ids: Sequence[IdRef], judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[List[TraceEvaluation]]:
        """Assay extension: judges up to 1,000 traces with one judge, all or none, in the given order."""
        fields = {"judge_id": _judge_id(judge_id), "trace_ids": _trace_ids(trace_ids)}
        return (yield from call(BULK_CREATE.op(self._scope(), body=fields), timeout)).trace_evaluations

    @twin
    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[TraceEvaluation]:
        """The run's current state; an unknown id raises ``NotFoundError``."""
        return (yield from call(GET.op(self._run(id)), timeout))

    @twin
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
    ) -> Flow[TraceEvaluationsResponse]:
        """One page (default 20, at most 100); ``total`` counts all pages."""
        params = query(
            page=page if page is not None else 1,
            page_size=clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
            judge_id=judge_id,
            trace_id=trace_id,
            outcome=outcome,
            time_range=time_range,
            search=search,
            sort_by=sort_by,
            sort_order=sort_order,
        )
        return (yield from call(reading(LIST.op(self._scope(), params=params), _page), timeout))

    @twin
    def get_results(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Optional[TraceEvaluationResult]]:
        """The verdict, or None while there is none yet (the server answers 404 until it exists)."""
        try:
            return (yield from call(GET_RESULT.op(self._run(id)), timeout))
        except NotFoundError:
            return None

    @twin
    def estimate_cost(
        self, trace_ids: Sequence[IdRef], judge_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[CostEstimateResponse]:
        """What judging the traces with the judge would cost: tokens and US dollars."""
        fields = {"trace_ids": _trace_ids(trace_ids), "judge_id": _judge_id(judge_id)}
        return (yield from call(ESTIMATE.op(self._scope(), body=fields), timeout))

    @twin
    def wait_for_completion(
        self, id: IdRef, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = 300
    ) -> Flow[FinishedTraceEvaluation]:
        """
        Polls the run until it ends, then returns its verdict (``TraceEvaluationResult``) after
        ``success``, or the finished run itself (``TraceEvaluation``, ``status`` ``failure``, why in
        ``error``) after a failure. It polls at once, then after pauses growing from 0.5 s to at
        most 10 s (every ``interval_seconds`` when given). After ``timeout_seconds`` (None: no
        limit) it raises ``WaitTimeoutError``; the run goes on on the server.
        """
        run_id = _run_id(id)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        methods = _TraceEvaluationMethods
        current = yield from poll(
            "Trace evaluation " + run_id, lambda: methods.get.flow(self, run_id), _finished, schedule
        )
        verdict = None
        if current.status == TraceEvaluationStatus.SUCCESS:
            verdict = yield from methods.get_results.flow(self, run_id)
        return verdict if verdict is not None else current


class TraceEvaluations(SyncAPIResource, _TraceEvaluationMethods):
    __doc__ = _TraceEvaluationMethods.__doc__


class AsyncTraceEvaluations(AsyncAPIResource, _TraceEvaluationMethods):
    """``client.trace_evaluations`` of ``AsyncAssay``: the methods of ``TraceEvaluations``, awaited."""
