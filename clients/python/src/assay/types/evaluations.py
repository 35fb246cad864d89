import enum
from datetime import timedelta
from typing import Any, Dict, List, Optional

from pydantic import Field, PrivateAttr

from ._base import AssayModel
from .common import Interval, Pagination
from .sampling import RunRequest


class EvaluationStatus(str, enum.Enum):
    PENDING = "pending"
    IN_PROGRESS = "in-progress"
    PAUSED = "paused"
    SUCCESS = "success"
    FAILURE = "failure"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"


#: After these nothing changes; waiting helpers stop on any of them.
FINISHED_EVALUATION_STATUSES = frozenset(
    {EvaluationStatus.SUCCESS, EvaluationStatus.FAILURE, EvaluationStatus.TIMEOUT, EvaluationStatus.CANCELLED}
)


class EvaluationMetric(AssayModel):
    name: str
    description: str = ""


class EvaluationTaskType(AssayModel):
    name: str
    description: str = ""


class EvaluationDataset(AssayModel):
    total_size: int = 0
    training_size: int = 0
    test_size: int = 0
    characteristics: Optional[List[str]] = []


class EvaluationModelInfo(AssayModel):
    model_name: str = ""
    performance: Any = None


class PerformanceDetails(AssayModel):
    strengths: Optional[List[str]] = []
    challenges: Optional[List[str]] = []


class ErrorAnalysis(AssayModel):
    common_failure_modes: Optional[List[str]] = []
    example: str = ""


class AnalysisSummary(AssayModel):
    key_takeaways: Optional[List[str]] = []


class EvaluationSummary(AssayModel):
    name: str = ""
    goal: str = ""
    metrics: Optional[List[EvaluationMetric]] = []
    task_types: Optional[List[EvaluationTaskType]] = []
    dataset: Optional[EvaluationDataset] = None
    model: Optional[EvaluationModelInfo] = None
    performance_details: Optional[PerformanceDetails] = None
    error_analysis: Optional[ErrorAnalysis] = None
    analysis_summary: Optional[AnalysisSummary] = None


class EvaluationProgress(AssayModel):
    total: int
    done: int
    correct: int
    failed: int
    cached: int


class SubsetStats(AssayModel):
    name: str
    #: Answers: prompts × repeats.
    total: int
    correct: int
    accuracy: float
    ci95: Interval
    #: Runs with repeats: the subset's prompts and the share whose answers disagree (None without).
    prompts: Optional[int] = None
    flip_rate: Optional[float] = None


class TokenUsage(AssayModel):
    prompt: int
    #: Reasoning included: providers bill reasoning tokens as output tokens.
    completion: int
    total: int
    #: The part of ``completion`` spent on reasoning, as the provider reported it.
    reasoning: int = 0


class EvaluationOptions(AssayModel):
    """
    What the run was created with. The sampling options are None when not asked (the model's
    request profile decided); ``request`` is what was sent, exactly (None for older runs).
    """

    concurrency: int
    limit: Optional[int] = None
    cache: bool
    #: Times each prompt is asked (1 for runs older than repeats).
    repeats: int = 1
    #: The run's budget in US dollars: it stops as a failure once its cost reaches it (None: none).
    max_cost_usd: Optional[float] = None
    temperature: Optional[float] = None
    top_p: Optional[float] = None
    seed: Optional[int] = None
    max_tokens: Optional[int] = None
    reasoning_effort: Optional[str] = None
    request: Optional[RunRequest] = None


class ScorerStats(AssayModel):
    """
    A custom scorer's figures over a finished evaluation: its average score over the ``n``
    responses it graded, with a 95% interval (``wilson`` when every score was 0 or 1, the mean
    being a pass rate; else Student's ``t``), and how many grades its judge ``failed``.
    """

    id: str
    name: str
    model_id: Optional[str] = None
    mean: Optional[float] = None
    ci95: Optional[Interval] = None
    interval: Optional[str] = None
    pass_rate: Optional[float] = None
    n: int = 0
    failed: int = 0


class ScorerScore(AssayModel):
    """One scorer's grade of one result; ``score`` and ``passed`` are None when its judge failed."""

    score: Optional[float] = None
    passed: Optional[bool] = None
    reason: str = ""


class PassAtK(AssayModel):
    """pass@k (at least one of k answers right) beside pass^k (all k right), averaged over prompts."""

    k: int
    pass_at_k: float
    pass_hat_k: float


class RepeatStats(AssayModel):
    """
    What a run with repeats says beyond the mean, over the ``prompts`` whose every repeat was
    answered: the mean over prompts of the variance of a prompt's scores across its repeats, the
    share of prompts whose outcome differs across repeats (``flip_rate``), the share the majority
    of repeats got right (a tie is not a majority), pass@k and pass^k for k = 1 … ``repeats``
    (Chen et al. 2021's unbiased estimator; τ-bench's consistency metric), and how many prompts were
    right in 0, 1, … ``repeats`` of their repeats. The rates are None when no prompt was answered
    in full.
    """

    repeats: int
    prompts: int
    within_prompt_variance: Optional[float] = None
    flip_rate: Optional[float] = None
    majority_vote: Optional[float] = None
    pass_at_k: List[PassAtK] = []
    pass_count_histogram: List[int] = []


class BenchmarkFigureValue(AssayModel):
    """A figure the benchmark reports besides accuracy, as a finished run computed it."""

    name: str
    description: str
    #: None when undefined on the run's answers.
    value: Optional[float] = None


class EvaluationStats(AssayModel):
    """Assay extension: progress while running, statistics once finished."""

    progress: EvaluationProgress
    #: Standard error of ``accuracy`` and its 95% interval, computed as ``accuracy_interval`` says.
    accuracy_stderr: float
    accuracy_ci95: Interval
    #: ``wilson`` (one answer per prompt) or ``clustered`` (with repeats: the standard error of the
    #: mean of per-prompt means, clustered by prompt); None from servers older than repeats.
    accuracy_interval: Optional[str] = None
    #: Runs with repeats, once finished: per-prompt reducers and consistency; None otherwise.
    repeats: Optional[RepeatStats] = None
    subsets: List[SubsetStats]
    tokens: TokenUsage
    #: US dollars from the model's prices (the catalog's, or a custom model's own); None without.
    cost_usd: Optional[float] = None
    #: Averages of the benchmark's additional metrics.
    metrics: Dict[str, Optional[float]] = {}
    options: EvaluationOptions
    started_at: int
    #: The benchmark's version when the run was created (a catalog benchmark's data sha256);
    #: None for custom benchmarks, whose data never changes.
    benchmark_version: Optional[str] = None
    #: Each custom scorer of the benchmark, once the run is finished.
    scorers: List[ScorerStats] = []
    #: The benchmark's figures besides accuracy (SimpleQA's F-score …), once the run is finished.
    figures: List[BenchmarkFigureValue] = []


class Evaluation(AssayModel):
    """
    A run of a model on a benchmark. Timestamps are unix seconds; ``finished_at`` is 0 until it
    ends; ``accuracy`` is 0–1. Objects returned by a client can follow themselves
    (``wait_for_completion()``) and read their results (``get_results()``).
    """

    id: str
    status: EvaluationStatus
    status_description: str = ""
    submitted_at: int
    finished_at: int
    model_id: str
    model_name: str = ""
    model_key: str = ""
    model_company: str = ""
    benchmark_id: str = Field(..., alias="dataset_id")
    benchmark_name: str = Field("", alias="dataset_name")
    #: Milliseconds per prompt.
    average_duration: int
    accuracy: float
    readability_score: float = 0.0
    toxicity_score: float = 0.0
    ethics_score: float = 0.0
    failed_prompt_count: int = 0
    queue_id: int = 0
    summary: Optional[EvaluationSummary] = None
    # Assay extensions.
    hallucination_score: Optional[float] = None
    organization_id: Optional[str] = None
    project_id: Optional[str] = None
    is_public: Optional[bool] = None
    #: Progress and statistics (confidence interval, subsets, tokens, cost).
    assay: Optional[EvaluationStats] = None

    _client: Any = PrivateAttr(default=None)

    def attach_client(self, client: Any) -> "Evaluation":
        """Lets this object use ``client`` for its helper methods (done by every client method)."""
        self._client = client
        return self

    @property
    def dataset_id(self) -> str:
        return self.benchmark_id

    @property
    def is_finished(self) -> bool:
        """True once nothing more will change: success, failure, timeout or cancelled."""
        return self.status in FINISHED_EVALUATION_STATUSES

    @property
    def is_success(self) -> bool:
        return self.status == EvaluationStatus.SUCCESS

    def wait_for_completion(
        self, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = None
    ) -> "Evaluation":
        """Polls with the synchronous client this came from; updates this object and returns it."""
        final = self._sync_client("wait_for_completion_async").evaluations.wait_for_completion(
            self, interval_seconds=interval_seconds, timeout_seconds=timeout_seconds
        )
        return self._update_from(final)

    async def wait_for_completion_async(
        self, *, interval_seconds: Optional[float] = None, timeout_seconds: Optional[float] = None
    ) -> "Evaluation":
        """Polls with the asynchronous client this came from; updates this object and returns it."""
        final = await self._async_client("wait_for_completion").evaluations.wait_for_completion(
            self, interval_seconds=interval_seconds, timeout_seconds=timeout_seconds
        )
        return self._update_from(final)

    def get_results(self, *, page: Optional[int] = None, page_size: Optional[int] = None) -> "ResultsResponse":
        client = self._sync_client("get_results_async")
        results: ResultsResponse = client.results.get(evaluation=self, page=page, page_size=page_size)
        return results

    async def get_results_async(
        self, *, page: Optional[int] = None, page_size: Optional[int] = None
    ) -> "ResultsResponse":
        client = self._async_client("get_results")
        results: ResultsResponse = await client.results.get(evaluation=self, page=page, page_size=page_size)
        return results

    def get_all_results(self) -> "List[Result]":
        results: List[Result] = self._sync_client("get_all_results_async").results.get_all(evaluation=self)
        return results

    async def get_all_results_async(self) -> "List[Result]":
        results: List[Result] = await self._async_client("get_all_results").results.get_all(evaluation=self)
        return results

    def _sync_client(self, async_name: str) -> Any:
        if self._client is None:
            raise ValueError("No client attached: use an Evaluation returned by a client")
        if getattr(self._client, "_is_async", False):
            raise RuntimeError("This evaluation came from an async client: use `await {}()`".format(async_name))
        return self._client

    def _async_client(self, sync_name: str) -> Any:
        if self._client is None:
            raise ValueError("No client attached: use an Evaluation returned by a client")
        if not getattr(self._client, "_is_async", False):
            raise RuntimeError("This evaluation came from a sync client: use `{}()`".format(sync_name))
        return self._client

    def _update_from(self, other: "Evaluation") -> "Evaluation":
        for name in type(self).model_fields:
            setattr(self, name, getattr(other, name))
        return self


class EvaluationsResponse(AssayModel):
    evaluations: List[Evaluation]
    pagination: Pagination


class ResultTokens(AssayModel):
    prompt: int
    #: Reasoning included.
    completion: int
    #: The part of ``completion`` spent on reasoning.
    reasoning: int = 0


class RepeatAnswer(AssayModel):
    """One answer of a prompt asked several times (``Result.repeats``); ``duration`` as a Result's."""

    repeat: int
    result: str
    score: float
    passed: bool
    reason: str = ""
    error: Optional[str] = None
    duration: timedelta
    reasoning: Optional[str] = None


class ResultExecution(AssayModel):
    """
    What running a result's code did (scorers that run the answer's code, ``python_tests``).
    ``exit`` is why it ended: ``passed``, ``failed`` (e.g. a failed assertion), ``timeout``,
    ``memory``, ``output_limit`` or ``crashed``; kept as text, so an exit a newer server adds still
    reads. Each stream is bounded: past 4096 characters its end is kept, after a leading "…" (a
    traceback's last line names the failed assertion).
    """

    exit: str
    stdout: str = ""
    stderr: str = ""
    duration_ms: int = 0


class Result(AssayModel):
    """
    One prompt of an evaluation. In the default listing of a run with repeats it is the prompt's
    first answer with ``score`` the mean over its repeats, ``passed`` only when every repeat
    passed, and every answer in ``repeats``; with ``repeats="each"`` it is one answer, ``repeat``
    saying which.
    """

    subset: str
    prompt: str
    result: str
    truth: str
    duration: timedelta
    score: float
    metrics: Dict[str, Optional[float]]
    # Assay extensions.
    prompt_id: Optional[str] = None
    #: 0-based position of the prompt in the benchmark.
    position: Optional[int] = None
    passed: Optional[bool] = None
    #: What the scorer extracted and compared, or why the prompt failed.
    reason: Optional[str] = None
    #: Set when the model call failed after retries.
    error: Optional[str] = None
    tokens: Optional[ResultTokens] = None
    cached: Optional[bool] = None
    #: The model's reasoning, when its provider returns it; never part of the scored ``result``.
    reasoning: Optional[str] = None
    #: Each custom scorer's grade of this result, by scorer id.
    scorer_scores: Dict[str, ScorerScore] = {}
    #: What running the answer's code did; None for scorers that run no code.
    execution: Optional[ResultExecution] = None
    #: Which ask of the prompt this is, from 0 (0 for runs without repeats).
    repeat: Optional[int] = None
    #: Runs with repeats, one row per prompt: every answer, in repeat order (None otherwise).
    repeats: Optional[List[RepeatAnswer]] = None


class ResultMetrics(AssayModel):
    total_count: int


class ResultsResponse(AssayModel):
    evaluation_id: str
    results: List[Result]
    metrics: ResultMetrics
    pagination: Pagination
