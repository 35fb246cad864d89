from typing import List, Literal, Optional

from ._base import AssayModel
from .common import Interval

#: ``pass``: the interval clears the line; ``fail``: it lies wholly below; ``inconclusive``: it straddles it.
GateVerdict = Literal["pass", "fail", "inconclusive"]


class GateCheck(AssayModel):
    """
    One check of a gate. ``kind`` is ``"baseline"`` (paired against an earlier run: ``baseline_id``,
    ``margin``, ``difference`` = new − baseline, ``pairs``, ``method``) or ``"min_accuracy"``
    (``threshold``, ``accuracy``); ``interval`` is the 95% interval the verdict was read from.
    """

    kind: Literal["baseline", "min_accuracy"]
    verdict: GateVerdict
    interval: Interval
    reason: str
    baseline_id: Optional[str] = None
    margin: Optional[float] = None
    difference: Optional[float] = None
    pairs: Optional[int] = None
    method: Optional[str] = None
    threshold: Optional[float] = None
    accuracy: Optional[float] = None


class GatedEvaluation(AssayModel):
    id: str
    model: str
    benchmark: str
    status: str
    accuracy: float
    interval: Interval
    prompts: int


class GateReport(AssayModel):
    """
    Assay extension: what ``client.evaluations.gate()`` decided. ``verdict`` is ``fail`` when any
    check fails, else ``inconclusive`` when any cannot tell, else ``pass``; ``passed`` is what CI
    acts on (``inconclusive`` passes unless ``fail_on_inconclusive``); ``summary`` is one line.
    The same document as the TypeScript SDK's and ``assay eval gate --report json``.
    """

    verdict: GateVerdict
    passed: bool
    confidence: float
    fail_on_inconclusive: bool
    evaluation: GatedEvaluation
    checks: List[GateCheck]
    summary: str
