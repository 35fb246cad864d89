"""
The rules of ``client.evaluations.gate()``, the same as the TypeScript SDK's (evaluation-gate.ts)
and ``assay eval gate``: a release gate that reads a run's intervals, not a single mean, so that
noise alone never blocks a deploy.

- Against a baseline (paired by prompt, the comparison route's 95% interval of new − baseline):
  ``fail`` when the whole interval lies below −margin, ``pass`` when it lies wholly at or above
  −margin, ``inconclusive`` when it straddles −margin.
- Against ``min_accuracy`` (the run's 95% accuracy interval): ``fail`` when the whole interval
  lies below the threshold, ``pass`` when it lies wholly at or above it, ``inconclusive``
  otherwise; with ``fail_on_inconclusive`` this is "the lower bound must reach the threshold".

The intervals are the service's two-sided 95% ones; their upper bound is a one-sided 97.5%
bound, so a run that is in truth within the margin fails by chance at most 2.5% of the time.
"""

from typing import List, Optional

from .._exceptions import GateError, InvalidInputError
from ..types.common import Interval
from ..types.evaluations import Evaluation
from ..types.gate import GateCheck, GatedEvaluation, GateReport, GateVerdict
from ..types.public import PairedStats

#: The one level the service computes intervals at.
GATE_CONFIDENCE = 0.95


def check_criteria(
    baseline: Optional[str],
    margin: Optional[float],
    min_accuracy: Optional[float],
    confidence: Optional[float],
) -> None:
    """Raises ``InvalidInputError`` naming the bad argument, before any request."""
    if baseline is None and min_accuracy is None:
        raise InvalidInputError("A gate needs a baseline (an evaluation id), min_accuracy, or both.")
    if margin is not None and baseline is None:
        raise InvalidInputError("margin goes with a baseline.")
    if margin is not None and not (0 <= margin < 1):
        raise InvalidInputError("margin must be a number from 0 up to (not including) 1, e.g. 0.02.")
    if min_accuracy is not None and not (0 <= min_accuracy <= 1):
        raise InvalidInputError("min_accuracy must be a number from 0 to 1, e.g. 0.7.")
    if confidence is not None and confidence != GATE_CONFIDENCE:
        raise InvalidInputError("confidence must be 0.95: the service computes its intervals at 95%.")


def _against(interval: Interval, line: float) -> GateVerdict:
    if interval.high < line:
        return "fail"
    if interval.low >= line:
        return "pass"
    return "inconclusive"


def _points(x: float) -> str:
    return "{:.1f}%".format(x * 100)


def _signed_points(x: float) -> str:
    return "{}{:.1f} pts".format("+" if x >= 0 else "−", abs(x * 100))


def baseline_check(baseline_id: str, margin: float, stats: PairedStats) -> GateCheck:
    interval = Interval(low=stats.difference_interval.low, high=stats.difference_interval.high)
    verdict = _against(interval, -margin)
    measured = "{} vs baseline, 95% CI [{}, {}] over {} paired prompts".format(
        _signed_points(stats.difference), _signed_points(interval.low), _signed_points(interval.high), stats.pairs
    )
    line = "{:.1f} pts".format(margin * 100)
    if verdict == "fail":
        reason = "{}: worse than the baseline by more than {}".format(measured, line)
    elif verdict == "pass":
        reason = "{}: not worse than the baseline by more than {}".format(measured, line)
    else:
        reason = "{}: the interval straddles −{}, too few prompts to tell".format(measured, line)
    return GateCheck(
        kind="baseline",
        verdict=verdict,
        interval=interval,
        reason=reason,
        baseline_id=baseline_id,
        margin=margin,
        difference=stats.difference,
        pairs=stats.pairs,
        method=stats.method,
    )


def _accuracy_interval(evaluation: Evaluation) -> Interval:
    if evaluation.assay is None:
        raise GateError("Evaluation {} carries no statistics (an older server?).".format(evaluation.id))
    ci = evaluation.assay.accuracy_ci95
    return Interval(low=ci.low, high=ci.high)


def threshold_check(threshold: float, evaluation: Evaluation) -> GateCheck:
    interval = _accuracy_interval(evaluation)
    verdict = _against(interval, threshold)
    measured = "accuracy {}, 95% CI [{}, {}]".format(
        _points(evaluation.accuracy), _points(interval.low), _points(interval.high)
    )
    if verdict == "fail":
        reason = "{}: below {} even at its upper bound".format(measured, _points(threshold))
    elif verdict == "pass":
        reason = "{}: at least {} even at its lower bound".format(measured, _points(threshold))
    else:
        reason = "{}: the interval straddles {}, too few prompts to tell".format(measured, _points(threshold))
    return GateCheck(
        kind="min_accuracy",
        verdict=verdict,
        interval=interval,
        reason=reason,
        threshold=threshold,
        accuracy=evaluation.accuracy,
    )


def gate_report(evaluation: Evaluation, checks: List[GateCheck], fail_on_inconclusive: bool) -> GateReport:
    verdicts = [c.verdict for c in checks]
    verdict: GateVerdict = "fail" if "fail" in verdicts else "inconclusive" if "inconclusive" in verdicts else "pass"
    passed = verdict == "pass" or (verdict == "inconclusive" and not fail_on_inconclusive)
    if verdict == "inconclusive":
        head = "gate INCONCLUSIVE ({})".format("passing" if passed else "failing: --fail-on-inconclusive")
    else:
        head = "gate {}".format(verdict.upper())
    model = evaluation.model_key or evaluation.model_name or evaluation.model_id
    benchmark = evaluation.benchmark_name or evaluation.benchmark_id
    summary = "{}: {} on {} ({}): {}".format(head, model, benchmark, evaluation.id, "; ".join(c.reason for c in checks))
    stats = evaluation.assay
    return GateReport(
        verdict=verdict,
        passed=passed,
        confidence=GATE_CONFIDENCE,
        fail_on_inconclusive=fail_on_inconclusive,
        evaluation=GatedEvaluation(
            id=evaluation.id,
            model=model,
            benchmark=benchmark,
            status=getattr(evaluation.status, "value", str(evaluation.status)),
            accuracy=evaluation.accuracy,
            interval=_accuracy_interval(evaluation),
            prompts=stats.progress.total if stats is not None else 0,
        ),
        checks=checks,
        summary=summary,
    )
