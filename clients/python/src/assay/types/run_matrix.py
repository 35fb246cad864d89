from typing import List, Literal, Optional

from ._base import AssayModel
from .common import Interval, Pagination
from .public import PairedStats

#: ``disagree``: some runs right, some wrong; ``all_fail``: every run wrong; ``alone_fails`` /
#: ``alone_passes``: the run ``run`` alone wrong / alone right.
RunMatrixFilter = Literal["all", "disagree", "all_fail", "alone_fails", "alone_passes"]


class RunMatrixCell(AssayModel):
    """One run's outcome on one prompt (``pass``, ``fail`` or ``error``); the answer comes from ``answer()``."""

    outcome: str
    score: float


class RunMatrixRow(AssayModel):
    """One prompt: its text and truth, and one cell per run, in the order the runs were asked for."""

    prompt_id: str
    subset: str
    prompt: str
    truth: str
    cells: List[RunMatrixCell]


class RunMatrixRun(AssayModel):
    """One run (a column) and how it did on the prompts every run answered, with a 95% Wilson interval."""

    evaluation_id: str
    model_id: str
    model_name: str
    status: str
    submitted_at: str
    passed: int
    failed: int
    errored: int
    accuracy: float
    accuracy_interval: Interval


class RunMatrixPair(PairedStats):
    """One pair of runs' paired test, its p-value also Holm-adjusted over every pair listed."""

    evaluation_id_1: str
    evaluation_id_2: str
    p_value_holm: float
    #: ``p_value_holm < 0.05``: the difference holds after counting every pair's test.
    significant_holm: bool


class RunMatrixResponse(AssayModel):
    """
    Assay extension: 2 to 10 runs of one benchmark side by side. ``runs`` and ``pairs`` describe
    every prompt all the runs answered (``prompts``); ``results`` and ``total_count`` follow the filter.
    """

    benchmark_id: str
    prompts: int
    runs: List[RunMatrixRun]
    pairs: List[RunMatrixPair]
    #: How ``p_value_holm`` accounts for testing every pair (``"holm"``).
    multiplicity: str
    results: List[RunMatrixRow]
    total_count: int
    #: Computed by the SDK from the page asked for and ``total_count``.
    pagination: Optional[Pagination] = None


class PromptAnswer(AssayModel):
    """One run's answer to one prompt (its first, with repeats); ``error`` says why there is none."""

    evaluation_id: str
    prompt_id: str
    outcome: str
    score: float
    response: str
    reason: str
    error: Optional[str] = None
