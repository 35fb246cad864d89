from functools import partial
from typing import Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel

from .._exceptions import ServiceError
from .._operation import Operation, clamp_page_size, query, segment
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.benchmarks import Benchmark, CustomBenchmark
from ..types.common import Pagination
from ..types.evaluations import Evaluation, EvaluationsResponse, EvaluationStatus
from ..types.models import CustomModel, Model
from ..types.public import PublicBenchmarkDetail, PublicModelDetail
from ._polling import PollSchedule, poll_async, poll_sync
from ._refs import id_of, required
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource

EvaluationRef = Union[Evaluation, str]
SortBy = Literal["submitted_at", "accuracy", "average_duration", "submittedAt", "averageDuration"]

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _EvaluationPage(BaseModel):
    evaluations: List[Evaluation]
    total_count: int = 0


def evaluation_id(evaluation: EvaluationRef, param: str = "evaluation") -> str:
    return id_of(evaluation, param, Evaluation)


def _is_custom(target: Any, custom_type: type) -> bool:
    """The original SDK's rule: the project's own model/benchmark (which carries ``organization_id``)."""
    return isinstance(target, custom_type) or getattr(target, "organization_id", None) is not None


def list_evaluations_op(
    scope: Optional[Dict[str, str]],
    *,
    page: Optional[int],
    page_size: Optional[int],
    sort_by: Optional[str],
    order: Optional[str],
    model_ids: Optional[List[str]],
    benchmark_ids: Optional[List[str]],
    status: Optional[Union[EvaluationStatus, str]],
    unique: bool,
) -> Operation[EvaluationsResponse]:
    """``GET /evaluations``: a project's with ``scope`` (organization and project), else the public listing."""
    effective_page = page if page is not None else 1
    effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
    params = query(
        **(scope or {}),
        page=effective_page,
        page_size=effective_size,
        sort_by=sort_by,
        order=order,
        models=model_ids,
        datasets=benchmark_ids,
        status=status,
        unique=True if unique else None,
    )

    def convert(raw: Any, response: Any) -> EvaluationsResponse:
        answer = validate(raw, _EvaluationPage, response)
        return EvaluationsResponse(
            evaluations=answer.evaluations,
            pagination=pagination(effective_page, effective_size, answer.total_count),
        )

    return Operation("GET", "/evaluations", EvaluationsResponse, Envelope.BARE, params=params, convert=convert)


def pagination(page: int, page_size: int, total_count: int) -> Pagination:
    """The page summary the original SDK computes itself; a server-sent one is never read."""
    total_pages = -(-total_count // page_size) if total_count > 0 else 0
    return Pagination(page=page, page_size=page_size, total_pages=total_pages, total_count=total_count)


def get_evaluation_op(id: EvaluationRef) -> Operation[Evaluation]:
    return Operation("GET", "/evaluations/" + segment(evaluation_id(id, "id")), Evaluation, Envelope.BARE)


#: What ``evaluations.create()`` takes, and where a caller gets one.
ModelArg = Union[Model, PublicModelDetail]
BenchmarkArg = Union[Benchmark, PublicBenchmarkDetail]
_MODELS = (Model, PublicModelDetail)
_MODEL_SOURCE = "client.models.get_by_key(), get_by_id() or get(), or client.public.models.get()"
_BENCHMARKS = (Benchmark, PublicBenchmarkDetail)
_BENCHMARK_SOURCE = "client.benchmarks.get_by_key(), get_by_id() or get(), or client.public.benchmarks.get()"


def _create_op(
    client: ProjectClient, model: Any, benchmark: Any, extensions: Dict[str, Any]
) -> Operation[List[Evaluation]]:
    # The objects, not their ids: whether each is the project's own decides the request.
    model = required(model, "model", _MODELS, _MODEL_SOURCE)
    benchmark = required(benchmark, "benchmark", _BENCHMARKS, _BENCHMARK_SOURCE)
    item: Dict[str, Any] = {
        "model_id": model.id,
        "dataset_id": benchmark.id,
        "is_custom_model": _is_custom(model, CustomModel),
        "is_custom_dataset": _is_custom(benchmark, CustomBenchmark),
    }
    item.update({k: v for k, v in extensions.items() if v is not None})
    path = client._project_path("evaluations")
    created: Any = List[Evaluation]  # a typing alias pydantic validates, not a class
    return Operation("POST", path, created, Envelope.DATA, body=[item])


def _cancel_op(id: str) -> Operation[Evaluation]:
    return Operation("POST", "/evaluations/{}/cancel".format(segment(id)), Evaluation, Envelope.BARE)


def _finished(evaluation: Evaluation) -> bool:
    return evaluation.is_finished


def _first(created: List[Evaluation]) -> Evaluation:
    if not created:
        raise ServiceError("The service created no evaluation (an empty answer).")
    return created[0]


class Evaluations(SyncAPIResource):
    """``client.evaluations``: runs of a model on a benchmark, executed by the server in the background."""

    def create(
        self,
        *,
        model: ModelArg,
        benchmark: BenchmarkArg,
        limit: Optional[int] = None,
        concurrency: Optional[int] = None,
        cache: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Evaluation:
        """
        Starts evaluating ``model`` on ``benchmark`` (objects from ``client.models`` /
        ``client.benchmarks`` or the public client) and returns the new evaluation, ``pending``.
        ``limit`` (first N prompts), ``concurrency`` and ``cache`` are Assay extensions.
        """
        extensions = {"limit": limit, "concurrency": concurrency, "cache": cache}
        created = self._client._execute(_create_op(self._client, model, benchmark, extensions), timeout)
        return _first(created).attach_client(self._client)

    def get(self, evaluation: EvaluationRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        """The evaluation's current state: status, progress and, once finished, its statistics."""
        return self.get_by_id(evaluation_id(evaluation), timeout=timeout)

    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        """An unknown id (or another organization's) raises ``NotFoundError``."""
        return self._client._execute(get_evaluation_op(id), timeout).attach_client(self._client)

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
        """One page (default 100, at most 500) of the project's evaluations, newest first by default."""
        op = list_evaluations_op(
            self._client._scope_params(),
            page=page,
            page_size=page_size,
            sort_by=sort_by,
            order=order,
            model_ids=model_ids,
            benchmark_ids=benchmark_ids,
            status=status,
            unique=unique,
        )
        answer = self._client._execute(op, timeout)
        for evaluation in answer.evaluations:
            evaluation.attach_client(self._client)
        return answer

    def cancel(self, evaluation: EvaluationRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        """
        Assay extension: stops a pending or running evaluation (model calls in flight are aborted)
        and returns it, ``cancelled``. One that has already finished is returned unchanged.
        """
        return self._client._execute(_cancel_op(evaluation_id(evaluation)), timeout).attach_client(self._client)

    def wait_for_completion(
        self,
        evaluation: EvaluationRef,
        *,
        interval_seconds: Optional[float] = None,
        timeout_seconds: Optional[float] = None,
    ) -> Evaluation:
        """
        Polls the evaluation until it has finished — ``success``, ``failure``, ``timeout`` or
        ``cancelled`` — and returns its final state, with ``accuracy``. It polls at once, then
        after pauses growing from 0.5 s to at most 10 s (every ``interval_seconds`` when given).
        After ``timeout_seconds`` it raises ``WaitTimeoutError`` (a ``TimeoutError``); the
        evaluation goes on on the server.
        """
        id = evaluation_id(evaluation)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        return poll_sync(
            "Evaluation " + id, partial(self.get_by_id, id), _finished, schedule, self._client._shared.sleep
        )


class AsyncEvaluations(AsyncAPIResource):
    """``client.evaluations`` of ``AsyncAssay``: the methods of ``Evaluations``, awaited."""

    async def create(
        self,
        *,
        model: ModelArg,
        benchmark: BenchmarkArg,
        limit: Optional[int] = None,
        concurrency: Optional[int] = None,
        cache: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Evaluation:
        extensions = {"limit": limit, "concurrency": concurrency, "cache": cache}
        created = await self._client._execute(_create_op(self._client, model, benchmark, extensions), timeout)
        return _first(created).attach_client(self._client)

    async def get(self, evaluation: EvaluationRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        return await self.get_by_id(evaluation_id(evaluation), timeout=timeout)

    async def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        return (await self._client._execute(get_evaluation_op(id), timeout)).attach_client(self._client)

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
            self._client._scope_params(),
            page=page,
            page_size=page_size,
            sort_by=sort_by,
            order=order,
            model_ids=model_ids,
            benchmark_ids=benchmark_ids,
            status=status,
            unique=unique,
        )
        answer = await self._client._execute(op, timeout)
        for evaluation in answer.evaluations:
            evaluation.attach_client(self._client)
        return answer

    async def cancel(self, evaluation: EvaluationRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Evaluation:
        cancelled = await self._client._execute(_cancel_op(evaluation_id(evaluation)), timeout)
        return cancelled.attach_client(self._client)

    async def wait_for_completion(
        self,
        evaluation: EvaluationRef,
        *,
        interval_seconds: Optional[float] = None,
        timeout_seconds: Optional[float] = None,
    ) -> Evaluation:
        id = evaluation_id(evaluation)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = partial(self.get_by_id, id)
        return await poll_async("Evaluation " + id, read, _finished, schedule, self._client._shared.async_sleep)
