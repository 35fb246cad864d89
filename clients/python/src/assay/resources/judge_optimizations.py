from typing import Any, Dict, List, Optional, Union

from pydantic import BaseModel

from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query, reading
from .._response import Envelope
from .._types import NOT_GIVEN, RequestTimeout
from ..types.judge_optimizations import (
    ApplyJudgeOptimizationResultResponse,
    CreateJudgeOptimizationRunResponse,
    EstimateJudgeOptimizationCostResponse,
    JudgeOptimizationRun,
    JudgeOptimizationRunsResponse,
    OptimizationBudget,
)
from ..types.judges import Judge
from ._polling import PollSchedule, poll
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource

Budget = Union[OptimizationBudget, str]

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 500


class _Page(BaseModel):
    optimization_runs: List[JudgeOptimizationRun]
    count: Optional[int] = None
    total: Optional[int] = None


def _page(answer: _Page) -> JudgeOptimizationRunsResponse:
    count = answer.count if answer.count is not None else len(answer.optimization_runs)
    total = answer.total if answer.total is not None else count
    return JudgeOptimizationRunsResponse(optimization_runs=answer.optimization_runs, count=count, total=total)


def _budget(budget: Budget) -> str:
    # Passed through unchecked, as the original SDK does: the server answers 400 to anything else.
    return budget.value if isinstance(budget, OptimizationBudget) else budget


def _run_id(ref: IdRef) -> str:
    return id_of(ref, "id", JudgeOptimizationRun, CreateJudgeOptimizationRunResponse)


_RUNS = "/organizations/{organization_id}/projects/{project_id}/judge-optimizations"
_RUN = _RUNS + "/{optimization_id}"
_ENVELOPE = Envelope.STATUS_DATA_OR_BARE
ESTIMATE = Route(
    "judgeOptimizations.estimate", "POST", _RUNS + "/estimate", EstimateJudgeOptimizationCostResponse, _ENVELOPE
)
CREATE = Route("judgeOptimizations.create", "POST", _RUNS, CreateJudgeOptimizationRunResponse, _ENVELOPE)
GET = Route("judgeOptimizations.get", "GET", _RUN, JudgeOptimizationRun, _ENVELOPE)
LIST = Route("judgeOptimizations.list", "GET", _RUNS, _Page, _ENVELOPE)
APPLY = Route("judgeOptimizations.apply", "POST", _RUN + "/apply", ApplyJudgeOptimizationResultResponse, _ENVELOPE)


def _fields(judge_id: IdRef, budget: Budget) -> Dict[str, Any]:
    return {"judge_id": id_of(judge_id, "judge_id", Judge), "budget": _budget(budget)}


def _finished(current: JudgeOptimizationRun) -> bool:
    return current.is_finished


class _JudgeOptimizationMethods(ResourceMethods):
    """
    ``client.judge_optimizations``: rewrite a judge's goal so its verdicts agree with people's
    labels (annotations; at least 10, else ``BadRequestError``). ``budget`` is ``light``,
    ``medium`` or ``heavy`` (rounds × candidates).
    """

    def _run(self, id: IdRef) -> Dict[str, str]:
        return {**self._scope(), "optimization_id": _run_id(id)}

    @twin
    def estimate(
        self, judge_id: IdRef, budget: Budget = "medium", *, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[EstimateJudgeOptimizationCostResponse]:
        return (yield from call(ESTIMATE.op(self._scope(), body=_fields(judge_id, budget)), timeout))

    @twin
    def create(
        self, judge_id: IdRef, budget: Budget = "medium", *, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[CreateJudgeOptimizationRunResponse]:
        """Starts a run (``pending``); a worker runs the optimizer."""
        return (yield from call(CREATE.op(self._scope(), body=_fields(judge_id, budget)), timeout))

    @twin
    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[JudgeOptimizationRun]:
        """The run with its logs, accuracies before and after, and (``assay``) the figures behind them."""
        return (yield from call(GET.op(self._run(id)), timeout))

    @twin
    def get_many(
        self,
        *,
        judge_id: Optional[str] = None,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[JudgeOptimizationRunsResponse]:
        """One page (default 20) of runs, of one judge when ``judge_id`` is given."""
        size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
        params = query(page=page if page is not None else 1, page_size=size, judge_id=judge_id)
        return (yield from call(reading(LIST.op(self._scope(), params=params), _page), timeout))

    @twin
    def apply(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[ApplyJudgeOptimizationResultResponse]:
        """Gives the judge the optimized goal as a new version."""
        return (yield from call(APPLY.op(self._run(id), body={}), timeout))

    @twin
    def wait_for_completion(
        self, id: IdRef, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = None
    ) -> Flow[JudgeOptimizationRun]:
        """
        Polls the run until it ends ``success`` or ``failure`` (``WaitTimeoutError`` after the
        timeout): at once, then after pauses growing from 0.5 s to at most 10 s (every
        ``interval_seconds`` when given).
        """
        run_id = _run_id(id)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = _JudgeOptimizationMethods.get.flow
        return (yield from poll("Optimization run " + run_id, lambda: read(self, run_id), _finished, schedule))


class JudgeOptimizations(SyncAPIResource, _JudgeOptimizationMethods):
    __doc__ = _JudgeOptimizationMethods.__doc__


class AsyncJudgeOptimizations(AsyncAPIResource, _JudgeOptimizationMethods):
    """``client.judge_optimizations`` of ``AsyncAssay``: the methods of ``JudgeOptimizations``, awaited."""
