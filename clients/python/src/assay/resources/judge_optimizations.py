from functools import partial
from typing import Any, Dict, List, Optional, Union

from pydantic import BaseModel

from .._operation import Operation, clamp_page_size, query
from .._response import Envelope, validate
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
from ._polling import PollSchedule, poll_async, poll_sync
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource

Budget = Union[OptimizationBudget, str]

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 500


class _Page(BaseModel):
    optimization_runs: List[JudgeOptimizationRun]
    count: Optional[int] = None
    total: Optional[int] = None


def _page(raw: Any, response: Any) -> JudgeOptimizationRunsResponse:
    answer = validate(raw, _Page, response)
    count = answer.count if answer.count is not None else len(answer.optimization_runs)
    total = answer.total if answer.total is not None else count
    return JudgeOptimizationRunsResponse(optimization_runs=answer.optimization_runs, count=count, total=total)


def _budget(budget: Budget) -> str:
    # Passed through unchecked, as the original SDK does: the server answers 400 to anything else.
    return budget.value if isinstance(budget, OptimizationBudget) else budget


def _run_id(ref: IdRef) -> str:
    return id_of(ref, "id", JudgeOptimizationRun, CreateJudgeOptimizationRunResponse)


class _Ops:
    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def path(self, *segments: str) -> str:
        return self.client._project_path("judge-optimizations", *segments)

    def estimate(self, judge_id: IdRef, budget: Budget) -> Operation[EstimateJudgeOptimizationCostResponse]:
        body = {"judge_id": id_of(judge_id, "judge_id", Judge), "budget": _budget(budget)}
        return Operation(
            "POST",
            self.path("estimate"),
            EstimateJudgeOptimizationCostResponse,
            Envelope.STATUS_DATA_OR_BARE,
            body=body,
        )

    def create(self, judge_id: IdRef, budget: Budget) -> Operation[CreateJudgeOptimizationRunResponse]:
        body: Dict[str, Any] = {"judge_id": id_of(judge_id, "judge_id", Judge), "budget": _budget(budget)}
        return Operation(
            "POST", self.path(), CreateJudgeOptimizationRunResponse, Envelope.STATUS_DATA_OR_BARE, body=body
        )

    def get(self, id: IdRef) -> Operation[JudgeOptimizationRun]:
        return Operation("GET", self.path(_run_id(id)), JudgeOptimizationRun, Envelope.STATUS_DATA_OR_BARE)

    def list(
        self, judge_id: Optional[str], page: Optional[int], page_size: Optional[int]
    ) -> Operation[JudgeOptimizationRunsResponse]:
        size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
        params = query(page=page if page is not None else 1, page_size=size, judge_id=judge_id)
        return Operation(
            "GET",
            self.path(),
            JudgeOptimizationRunsResponse,
            Envelope.STATUS_DATA_OR_BARE,
            params=params,
            convert=_page,
        )

    def apply(self, id: IdRef) -> Operation[ApplyJudgeOptimizationResultResponse]:
        return Operation(
            "POST",
            self.path(_run_id(id), "apply"),
            ApplyJudgeOptimizationResultResponse,
            Envelope.STATUS_DATA_OR_BARE,
            body={},
        )


def _finished(current: JudgeOptimizationRun) -> bool:
    return current.is_finished


class JudgeOptimizations(SyncAPIResource):
    """
    ``client.judge_optimizations``: rewrite a judge's goal so its verdicts agree with people's
    labels (annotations; at least 10, else ``BadRequestError``). ``budget`` is ``light``,
    ``medium`` or ``heavy`` (rounds × candidates).
    """

    def estimate(
        self, judge_id: IdRef, budget: Budget = "medium", *, timeout: RequestTimeout = NOT_GIVEN
    ) -> EstimateJudgeOptimizationCostResponse:
        return self._client._execute(_Ops(self._client).estimate(judge_id, budget), timeout)

    def create(
        self, judge_id: IdRef, budget: Budget = "medium", *, timeout: RequestTimeout = NOT_GIVEN
    ) -> CreateJudgeOptimizationRunResponse:
        """Starts a run (``pending``); a worker runs the optimizer."""
        return self._client._execute(_Ops(self._client).create(judge_id, budget), timeout)

    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> JudgeOptimizationRun:
        """The run with its logs, accuracies before and after, and (``assay``) the figures behind them."""
        return self._client._execute(_Ops(self._client).get(id), timeout)

    def get_many(
        self,
        *,
        judge_id: Optional[str] = None,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> JudgeOptimizationRunsResponse:
        """One page (default 20) of runs, of one judge when ``judge_id`` is given."""
        return self._client._execute(_Ops(self._client).list(judge_id, page, page_size), timeout)

    def apply(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> ApplyJudgeOptimizationResultResponse:
        """Gives the judge the optimized goal as a new version."""
        return self._client._execute(_Ops(self._client).apply(id), timeout)

    def wait_for_completion(
        self, id: IdRef, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = None
    ) -> JudgeOptimizationRun:
        """
        Polls the run until it ends ``success`` or ``failure`` (``WaitTimeoutError`` after the
        timeout): at once, then after pauses growing from 0.5 s to at most 10 s (every
        ``interval_seconds`` when given).
        """
        run_id = _run_id(id)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = partial(self.get, run_id)
        return poll_sync("Optimization run " + run_id, read, _finished, schedule, self._client._shared.sleep)


class AsyncJudgeOptimizations(AsyncAPIResource):
    """``client.judge_optimizations`` of ``AsyncAssay``: the methods of ``JudgeOptimizations``, awaited."""

    async def estimate(
        self, judge_id: IdRef, budget: Budget = "medium", *, timeout: RequestTimeout = NOT_GIVEN
    ) -> EstimateJudgeOptimizationCostResponse:
        return await self._client._execute(_Ops(self._client).estimate(judge_id, budget), timeout)

    async def create(
        self, judge_id: IdRef, budget: Budget = "medium", *, timeout: RequestTimeout = NOT_GIVEN
    ) -> CreateJudgeOptimizationRunResponse:
        return await self._client._execute(_Ops(self._client).create(judge_id, budget), timeout)

    async def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> JudgeOptimizationRun:
        return await self._client._execute(_Ops(self._client).get(id), timeout)

    async def get_many(
        self,
        *,
        judge_id: Optional[str] = None,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> JudgeOptimizationRunsResponse:
        return await self._client._execute(_Ops(self._client).list(judge_id, page, page_size), timeout)

    async def apply(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> ApplyJudgeOptimizationResultResponse:
        return await self._client._execute(_Ops(self._client).apply(id), timeout)

    async def wait_for_completion(
        self, id: IdRef, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = None
    ) -> JudgeOptimizationRun:
        run_id = _run_id(id)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = partial(self.get, run_id)
        label = "Optimization run " + run_id
        return await poll_async(label, read, _finished, schedule, self._client._shared.async_sleep)
