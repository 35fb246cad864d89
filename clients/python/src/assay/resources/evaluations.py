from typing import Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel

from .._exceptions import GateError, ServiceError
from .._flow import Flow, call, twin
from .._operation import Operation, Route, clamp_page_size, query, reading
from .._response import Envelope
from .._types import NOT_GIVEN, RequestTimeout
from ..types.benchmarks import Benchmark, CustomBenchmark
from ..types.common import Pagination
from ..types.evaluation_plans import EvaluationPlan
from ..types.evaluations import Evaluation, EvaluationsResponse, EvaluationStatus
from ..types.gate import GateCheck, GateReport
from ..types.models import CustomModel, Model
from ..types.public import PublicBenchmarkDetail, PublicModelDetail
from ..types.sampling import ReasoningEffort
from ._gate import baseline_check, check_criteria, gate_report, threshold_check
from ._polling import PollSchedule, poll
from ._refs import id_of, required
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource

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


_EVALUATION = "/evaluations/{evaluation_id}"
LIST = Route("evaluations.list", "GET", "/evaluations", _EvaluationPage, Envelope.BARE)
GET = Route("evaluations.get", "GET", _EVALUATION, Evaluation, Envelope.BARE)
CANCEL = Route("evaluations.cancel", "POST", _EVALUATION + "/cancel", Evaluation, Envelope.BARE)
_CREATED: Any = List[Evaluation]  # a typing alias pydantic validates, not a class
CREATE = Route[List[Evaluation]](
    "evaluations.create",
    "POST",
    "/organizations/{organization_id}/projects/{project_id}/evaluations",
    _CREATED,
    Envelope.DATA,
)

_PLANNED: Any = List[EvaluationPlan]
PLAN = Route[List[EvaluationPlan]](
    "evaluations.plan",
    "POST",
    "/organizations/{organization_id}/projects/{project_id}/evaluations/plan",
    _PLANNED,
    Envelope.DATA,
)


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

    def complete(answer: _EvaluationPage) -> EvaluationsResponse:
        return EvaluationsResponse(
            evaluations=answer.evaluations,
            pagination=pagination(effective_page, effective_size, answer.total_count),
        )

    return reading(LIST.op(params=params), complete)


def pagination(page: int, page_size: int, total_count: int) -> Pagination:
    """The page summary the original SDK computes itself; a server-sent one is never read."""
    total_pages = -(-total_count // page_size) if total_count > 0 else 0
    return Pagination(page=page, page_size=page_size, total_pages=total_pages, total_count=total_count)


def get_evaluation_op(id: EvaluationRef) -> Operation[Evaluation]:
    return GET.op(evaluation_id=evaluation_id(id, "id"))


#: What ``evaluations.create()`` takes, and where a caller gets one.
ModelArg = Union[Model, PublicModelDetail]
BenchmarkArg = Union[Benchmark, PublicBenchmarkDetail]
_MODELS = (Model, PublicModelDetail)
_MODEL_SOURCE = "client.models.get_by_key(), get_by_id() or get(), or client.public.models.get()"
_BENCHMARKS = (Benchmark, PublicBenchmarkDetail)
_BENCHMARK_SOURCE = "client.benchmarks.get_by_key(), get_by_id() or get(), or client.public.benchmarks.get()"


def _create_item(model: Any, benchmark: Any, extensions: Dict[str, Any]) -> Dict[str, Any]:
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
    return item


def _create_op(
    scope: Dict[str, str], model: Any, benchmark: Any, extensions: Dict[str, Any]
) -> Operation[List[Evaluation]]:
    return CREATE.op(scope, body=[_create_item(model, benchmark, extensions)])


#: The create request's optional fields, as ``create()`` and ``plan()`` name their arguments.
_EXTENSIONS = (
    "limit",
    "concurrency",
    "cache",
    "temperature",
    "top_p",
    "seed",
    "max_tokens",
    "reasoning_effort",
    "repeats",
    "max_cost_usd",
)


def _extensions(arguments: Dict[str, Any]) -> Dict[str, Any]:
    """The extension fields of a ``create()``/``plan()`` call's arguments (None: not sent)."""
    return {name: arguments[name] for name in _EXTENSIONS}


def _finished(evaluation: Evaluation) -> bool:
    return evaluation.is_finished


def _first(created: List[Evaluation]) -> Evaluation:
    if not created:
        raise ServiceError("The service created no evaluation (an empty answer).")
    return created[0]


class _EvaluationMethods(ResourceMethods):
    """``client.evaluations``: runs of a model on a benchmark, executed by the server in the background."""

    @twin
    def create(
        self,
        *,
        model: ModelArg,
        benchmark: BenchmarkArg,
        limit: Optional[int] = None,
        concurrency: Optional[int] = None,
        cache: Optional[bool] = None,
        temperature: Optional[float] = None,
        top_p: Optional[float] = None,
        seed: Optional[int] = None,
        max_tokens: Optional[int] = None,
        reasoning_effort: Optional[ReasoningEffort] = None,
        repeats: Optional[int] = None,
        max_cost_usd: Optional[float] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[Evaluation]:
        """
        Starts evaluating ``model`` on ``benchmark`` (objects from ``client.models`` /
        ``client.benchmarks`` or the public client) and returns the new evaluation, ``pending``.
        ``limit`` (first N prompts), ``concurrency`` and ``cache`` are Assay extensions, as are the
        sampling options ``temperature`` (0–2), ``top_p`` (above 0, at most 1), ``seed``,
        ``max_tokens`` (reasoning included) and ``reasoning_effort``: left out, the model's request
        profile decides. The server checks them against that profile; what the model does not take
        raises ``BadRequestError`` naming the field (``body.0.temperature``). Also extensions:
        ``repeats`` (1–32) asks each prompt that many times, never from the response cache (with a
        ``seed``, repeat i sends seed + i): the accuracy is then the mean of per-prompt means with
        its interval clustered by prompt, and ``assay.repeats`` holds pass@k, pass^k, the majority
        vote and the flip rate; ``max_cost_usd`` is the run's
        budget: once its cost reaches it, the run stops as ``failure`` (keeping its results) and
        says so; a model without prices raises ``BadRequestError``.
        """
        extensions = _extensions(locals())
        created = yield from call(_create_op(self._scope(), model, benchmark, extensions), timeout)
        return _first(created).attach_client(self._client)

    @twin
    def plan(
        self,
        *,
        model: ModelArg,
        benchmark: BenchmarkArg,
        limit: Optional[int] = None,
        concurrency: Optional[int] = None,
        cache: Optional[bool] = None,
        temperature: Optional[float] = None,
        top_p: Optional[float] = None,
        seed: Optional[int] = None,
        max_tokens: Optional[int] = None,
        reasoning_effort: Optional[ReasoningEffort] = None,
        repeats: Optional[int] = None,
        max_cost_usd: Optional[float] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[EvaluationPlan]:
        """
        Assay extension: what ``create()`` with the same arguments would cost and tell, without
        creating anything: the run's calls (prompts × repeats), its estimated tokens and cost
        (from the catalog's prices or the model's own), and how wide its 95% accuracy interval
        should be, each with its basis in words (``plan.cost.description``, …). Refused with the
        same ``BadRequestError`` as ``create()``.
        """
        item = _create_item(model, benchmark, _extensions(locals()))
        planned = yield from call(PLAN.op(self._scope(), body=[item]), timeout)
        if not planned:
            raise ServiceError("The service planned nothing (an empty answer).")
        return planned[0]

    @twin
    def get(self, evaluation: EvaluationRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Evaluation]:
        """The evaluation's current state: status, progress and, once finished, its statistics."""
        return (yield from _EvaluationMethods.get_by_id.flow(self, evaluation_id(evaluation), timeout=timeout))

    @twin
    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Evaluation]:
        """An unknown id (or another organization's) raises ``NotFoundError``."""
        return (yield from call(get_evaluation_op(id), timeout)).attach_client(self._client)

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
        """One page (default 100, at most 500) of the project's evaluations, newest first by default."""
        op = list_evaluations_op(
            self._scope(),
            page=page,
            page_size=page_size,
            sort_by=sort_by,
            order=order,
            model_ids=model_ids,
            benchmark_ids=benchmark_ids,
            status=status,
            unique=unique,
        )
        answer = yield from call(op, timeout)
        for evaluation in answer.evaluations:
            evaluation.attach_client(self._client)
        return answer

    @twin
    def cancel(self, evaluation: EvaluationRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Evaluation]:
        """
        Assay extension: stops a pending or running evaluation (model calls in flight are aborted)
        and returns it, ``cancelled``. One that has already finished is returned unchanged.
        """
        op = CANCEL.op(evaluation_id=evaluation_id(evaluation))
        return (yield from call(op, timeout)).attach_client(self._client)

    @twin
    def wait_for_completion(
        self,
        evaluation: EvaluationRef,
        *,
        interval_seconds: Optional[float] = None,
        timeout_seconds: Optional[float] = None,
    ) -> Flow[Evaluation]:
        """
        Polls the evaluation until it has finished — ``success``, ``failure``, ``timeout`` or
        ``cancelled`` — and returns its final state, with ``accuracy``. It polls at once, then
        after pauses growing from 0.5 s to at most 10 s (every ``interval_seconds`` when given).
        After ``timeout_seconds`` it raises ``WaitTimeoutError`` (a ``TimeoutError``); the
        evaluation goes on on the server.
        """
        id = evaluation_id(evaluation)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = _EvaluationMethods.get_by_id.flow
        return (yield from poll("Evaluation " + id, lambda: read(self, id), _finished, schedule))

    @twin
    def gate(
        self,
        evaluation: EvaluationRef,
        *,
        baseline: Optional[EvaluationRef] = None,
        margin: Optional[float] = None,
        min_accuracy: Optional[float] = None,
        fail_on_inconclusive: bool = False,
        confidence: Optional[float] = None,
        interval_seconds: Optional[float] = None,
        timeout_seconds: Optional[float] = None,
    ) -> Flow[GateReport]:
        """
        Assay extension: a release gate on the run that reads its intervals, not a single mean.
        Waits for the evaluation to finish (as ``wait_for_completion()``), then checks it against
        ``baseline`` (an earlier run on the same benchmark, paired by prompt: it fails only when
        the 95% interval of new − baseline lies wholly below ``-margin``) and/or ``min_accuracy``
        (fails only when the whole accuracy interval lies below it). A check whose interval
        straddles its line is ``inconclusive``, which passes unless ``fail_on_inconclusive``.
        Answers a ``GateReport``; act on ``report.passed``. Bad arguments raise
        ``InvalidInputError`` before any request; a run that did not end ``success`` raises
        ``GateError``. ``confidence`` may only be 0.95, the level the service computes.
        """
        baseline_id = None if baseline is None else evaluation_id(baseline, "baseline")
        check_criteria(baseline_id, margin, min_accuracy, confidence)
        id = evaluation_id(evaluation)
        schedule = PollSchedule(interval_seconds, timeout_seconds)
        read = _EvaluationMethods.get_by_id.flow
        finished = yield from poll("Evaluation " + id, lambda: read(self, id), _finished, schedule)
        if finished.status != EvaluationStatus.SUCCESS:
            raise GateError(
                "Evaluation {} ended {}{}: there is no result to gate.".format(
                    id,
                    getattr(finished.status, "value", finished.status),
                    " ({})".format(finished.status_description) if finished.status_description else "",
                )
            )
        checks: List[GateCheck] = []
        if baseline_id is not None:
            # Imported here: the comparisons module builds on this one.
            from .public.comparisons import COMPARE

            params = query(evaluation_id_1=baseline_id, evaluation_id_2=id, page=1, page_size=1)
            compared = yield from call(COMPARE.op(params=params), NOT_GIVEN)
            if compared.assay is None:
                raise GateError("The comparison carries no paired statistics (an older server?).")
            checks.append(baseline_check(baseline_id, margin or 0.0, compared.assay))
        if min_accuracy is not None:
            checks.append(threshold_check(min_accuracy, finished))
        return gate_report(finished, checks, fail_on_inconclusive)


class Evaluations(SyncAPIResource, _EvaluationMethods):
    __doc__ = _EvaluationMethods.__doc__


class AsyncEvaluations(AsyncAPIResource, _EvaluationMethods):
    """``client.evaluations`` of ``AsyncAssay``: the methods of ``Evaluations``, awaited."""
