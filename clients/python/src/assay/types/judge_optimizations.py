import enum
from typing import List, Optional

from ._base import AssayModel
from .common import Interval
from .trace_evaluations import JudgeSnapshot


class OptimizationBudget(str, enum.Enum):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


class OptimizationRunStatus(str, enum.Enum):
    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    SUCCESS = "success"
    FAILURE = "failure"


class SplitAgreement(AssayModel):
    count: int
    accuracy: float
    accuracy_interval: Interval
    kappa: Optional[float] = None
    #: The 95% interval of ``kappa``; None when ``kappa`` is.
    kappa_interval: Optional[Interval] = None
    #: Why ``kappa`` is None (every label, or every verdict, the same answer); None when it is defined.
    kappa_undefined_reason: Optional[str] = None


class SplitAgreements(AssayModel):
    training: SplitAgreement
    held_out: SplitAgreement


class HeldOutTest(AssayModel):
    """
    The best candidate against the original goal on the same held-out labels, label by label: the
    labels only one of them agrees with, and McNemar's exact test on those, which decides ``improved``.
    """

    only_best_agrees: int
    only_baseline_agrees: int
    p_value: float
    #: ``"mcnemar_exact"``.
    method: str


class OptimizationStats(AssayModel):
    """Assay extension: the figures behind ``baseline_accuracy`` and ``optimized_accuracy``."""

    rounds: int
    candidates_per_round: int
    training_count: int
    held_out_count: int
    baseline: SplitAgreements
    best: Optional[SplitAgreements] = None
    #: The paired test on the held-out labels; None without a candidate (and on older runs).
    held_out_test: Optional[HeldOutTest] = None
    #: The best candidate agrees with more held-out labels than the original goal beyond noise
    #: (``held_out_test.p_value`` < 0.05): ``apply`` uses its goal. Else the judge keeps its goal.
    improved: bool
    judge_calls: int
    optimizer_calls: int


class JudgeOptimizationRun(AssayModel):
    id: str
    organization_id: str
    project_id: str
    judge_id: str
    created_at: str
    status: OptimizationRunStatus
    budget: OptimizationBudget = OptimizationBudget.MEDIUM
    annotation_count: int = 0
    estimated_cost: float = 0.0
    actual_cost: float = 0.0
    user_id: Optional[str] = None
    status_description: Optional[str] = None
    original_goal: Optional[str] = None
    optimized_goal: Optional[str] = None
    logs: Optional[str] = None
    started_at: Optional[str] = None
    finished_at: Optional[str] = None
    applied_at: Optional[str] = None
    judge_snapshot: Optional[JudgeSnapshot] = None
    baseline_accuracy: Optional[float] = None
    optimized_accuracy: Optional[float] = None
    applied_version: Optional[int] = None
    assay: Optional[OptimizationStats] = None

    @property
    def is_finished(self) -> bool:
        return self.status in (OptimizationRunStatus.SUCCESS, OptimizationRunStatus.FAILURE)


class JudgeOptimizationRunsResponse(AssayModel):
    optimization_runs: List[JudgeOptimizationRun]
    count: int
    total: int


class EstimateJudgeOptimizationCostResponse(AssayModel):
    estimated_cost: float
    annotation_count: int
    budget: str
    judge_calls: Optional[int] = None
    optimizer_calls: Optional[int] = None


class CreateJudgeOptimizationRunResponse(AssayModel):
    id: str
    judge_id: str
    budget: str
    status: str


class ApplyJudgeOptimizationResultResponse(AssayModel):
    judge_id: str
    new_version: int
    message: str
