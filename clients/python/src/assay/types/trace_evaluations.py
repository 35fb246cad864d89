import enum
from typing import Any, Dict, List, Optional

from pydantic import AliasChoices, Field

from ._base import AssayModel
from .traces import TraceLabel


class TraceEvaluationStatus(str, enum.Enum):
    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    SUCCESS = "success"
    FAILURE = "failure"


class JudgeSnapshot(AssayModel):
    """The judge as it was when the run was created (camelCase on the wire; snake_case accepted)."""

    name: str
    version: int
    evaluation_goal: str = Field(validation_alias=AliasChoices("evaluationGoal", "evaluation_goal"))
    model_id: Optional[str] = Field(None, validation_alias=AliasChoices("modelId", "model_id"))
    model_name: Optional[str] = Field(None, validation_alias=AliasChoices("modelName", "model_name"))
    model_company: Optional[str] = Field(None, validation_alias=AliasChoices("modelCompany", "model_company"))


class TraceEvaluation(AssayModel):
    """One judge run over one trace, executed by the server in the background."""

    id: str
    trace_id: str
    judge_id: str
    status: TraceEvaluationStatus
    judge_snapshot: Optional[JudgeSnapshot] = None
    created_at: Optional[str] = None
    started_at: Optional[str] = None
    finished_at: Optional[str] = None
    # Assay extensions.
    organization_id: Optional[str] = None
    project_id: Optional[str] = None
    #: Why a run failed, empty otherwise.
    status_description: Optional[str] = None
    #: The verdict, in list answers (``get_many()``) once the run has succeeded.
    result: Optional["TraceEvaluationResult"] = None
    #: A person's label of this (judge, trace), in list answers, when there is one.
    label: Optional[TraceLabel] = None

    @property
    def is_finished(self) -> bool:
        return self.status in (TraceEvaluationStatus.SUCCESS, TraceEvaluationStatus.FAILURE)

    @property
    def error(self) -> Optional[str]:
        """Why the run failed (its ``status_description``); None unless it ended ``failure``."""
        if self.status != TraceEvaluationStatus.FAILURE:
            return None
        return self.status_description or "the trace evaluation failed without saying why"


class TraceEvaluationStep(AssayModel):
    tool: str
    args: Dict[str, Any] = {}
    result: str = ""


class TraceEvaluationResult(AssayModel):
    """The judge's verdict."""

    id: str
    trace_evaluation_id: str
    trace_id: str
    judge_id: str
    #: 0–1.
    score: float
    passed: bool
    reasoning: str
    model: str
    turns: int
    latency_ms: int
    prompt_tokens: int
    completion_tokens: int
    #: US dollars.
    total_cost: float
    created_at: str
    steps: List[TraceEvaluationStep] = []
    #: Assay extension: the trace was longer than the judge model's context and was cut.
    truncated: Optional[bool] = None


TraceEvaluationResultsResponse = TraceEvaluationResult


class TraceEvaluationsResponse(AssayModel):
    trace_evaluations: List[TraceEvaluation]
    count: int
    #: Matching evaluations on all pages (``total`` on the wire, not ``total_count``).
    total: int


class CostEstimateResponse(AssayModel):
    estimated_cost: float
    input_tokens: int
    output_tokens: int
    model: str
    trace_count: int


class BulkTraceEvaluationsResponse(AssayModel):
    trace_evaluations: List[TraceEvaluation]


# ``TraceEvaluation.result`` names a model defined after it.
TraceEvaluation.model_rebuild()
