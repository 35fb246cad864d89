from typing import List, Optional

from ._base import AssayModel
from .common import Interval


class Agreement(AssayModel):
    """
    How well a judge's verdicts agree with people's labels. Only labels whose trace has a verdict of
    the judge count (``compared``); the figures are None while none does.
    """

    annotation_count: int
    compared: int
    agreements: int
    accuracy: Optional[float] = None
    accuracy_interval: Optional[Interval] = None
    #: Cohen's kappa and its 95% interval.
    kappa: Optional[float] = None
    kappa_interval: Optional[Interval] = None
    #: Why ``kappa`` is None (every label, or every verdict, the same answer); None when it is defined.
    kappa_undefined_reason: Optional[str] = None


class Annotation(AssayModel):
    """Assay extension: a person's label on what a judge should say about a trace."""

    id: str
    organization_id: str
    project_id: str
    judge_id: str
    trace_id: str
    trace_evaluation_id: str
    passed: bool
    score: Optional[float] = None
    comment: Optional[str] = None
    created_at: str
    updated_at: str
    created_by: str


class JudgeAnnotation(Annotation):
    """A label beside the judge's latest verdict on the trace (absent while it has none)."""

    judge_passed: Optional[bool] = None
    judge_score: Optional[float] = None
    #: Why the judge said so.
    judge_reasoning: Optional[str] = None
    agrees: Optional[bool] = None


class Confusion(AssayModel):
    """
    The 2x2 table behind a judge's agreement: compared labels counted by the person's label and the
    judge's latest verdict (``human_pass_judge_fail``: the person passed, the judge failed).
    """

    human_pass_judge_pass: int
    human_pass_judge_fail: int
    human_fail_judge_pass: int
    human_fail_judge_fail: int


class VersionAgreement(Agreement):
    """The agreement of one judge version: each label against that version's latest verdict."""

    judge_version: int


class JudgeAnnotationsResponse(AssayModel):
    annotations: List[JudgeAnnotation]
    count: int
    total: int
    agreement: Agreement
    #: The table behind ``agreement`` (None from a server that does not send it).
    confusion: Optional[Confusion] = None
    #: The agreement of each judge version that judged a labelled trace, oldest first.
    by_version: List[VersionAgreement] = []


class AnnotationImportItem(AssayModel):
    trace_id: str
    judge_id: str
    passed: bool
    score: Optional[float] = None
    comment: Optional[str] = None


class ImportAnnotationsResponse(AssayModel):
    created: int
    updated: int
    #: Trace evaluations queued for (trace, judge) pairs that had none.
    trace_evaluations_created: int


class DeleteAnnotationResponse(AssayModel):
    organization_id: str
    project_id: str
    id: str
