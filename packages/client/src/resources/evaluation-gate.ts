import type { ComparisonStats, Evaluation } from "@assay/protocol";

/**
 * A release gate on a finished evaluation (an Assay extension): it passes or fails a run by what
 * its intervals show, not by a single mean, so that noise alone never blocks a deploy.
 *
 * Two checks, either or both:
 * - `baseline`: the run against an earlier run on the same benchmark, paired by prompt (the
 *   comparison route's McNemar/Tango or paired-t interval of new − baseline). It FAILS when the
 *   whole interval lies below −margin (the run is worse by more than the margin, confidently),
 *   PASSES when the whole interval lies at or above −margin (it is not), and is INCONCLUSIVE when
 *   the interval straddles −margin (too few prompts to tell).
 * - `minAccuracy`: the run's accuracy interval against a threshold. It FAILS when the whole
 *   interval lies below the threshold, PASSES when the whole interval lies at or above it, and
 *   is INCONCLUSIVE otherwise. With `failOnInconclusive` this is the strict reading "the lower
 *   bound must reach the threshold".
 *
 * The intervals are the service's two-sided 95% ones, the same the dashboard and `assay compare`
 * show, so a gate never disagrees with what a person reads there. A two-sided 95% interval's
 * upper bound is a one-sided 97.5% bound: a run that is in truth not worse than the margin
 * fails the gate by chance at most 2.5% of the time.
 */

/** The one level the service computes intervals at. */
export const GATE_CONFIDENCE = 0.95;

export type GateVerdict = "pass" | "fail" | "inconclusive";

export interface GateCriteria {
  /** An earlier evaluation (its id) on the same benchmark to compare the run with, paired. */
  baseline?: string | undefined;
  /** With `baseline`: how much worse (accuracy, 0–1) the run may be; default 0. */
  margin?: number | undefined;
  /** The accuracy (0–1) the run must not be confidently below. */
  minAccuracy?: number | undefined;
  /** Fail, rather than pass, when a check cannot tell (its interval straddles the line). */
  failOnInconclusive?: boolean | undefined;
  /** Only 0.95 is computed by the service; kept so a gate states its level. Default 0.95. */
  confidence?: number | undefined;
}

export interface GateInterval {
  low: number;
  high: number;
}

export interface BaselineCheck {
  kind: "baseline";
  verdict: GateVerdict;
  baseline_id: string;
  margin: number;
  /** New − baseline accuracy over the prompts both answered. */
  difference: number;
  interval: GateInterval;
  pairs: number;
  method: ComparisonStats["method"];
  reason: string;
}

export interface ThresholdCheck {
  kind: "min_accuracy";
  verdict: GateVerdict;
  threshold: number;
  accuracy: number;
  interval: GateInterval;
  reason: string;
}

export type GateCheck = BaselineCheck | ThresholdCheck;

export interface GateReport {
  /** `fail` when any check fails, else `inconclusive` when any cannot tell, else `pass`. */
  verdict: GateVerdict;
  /** What CI acts on: not `fail`, and not `inconclusive` under `failOnInconclusive`. */
  passed: boolean;
  confidence: number;
  fail_on_inconclusive: boolean;
  evaluation: {
    id: string;
    model: string;
    benchmark: string;
    status: string;
    accuracy: number;
    interval: GateInterval;
    prompts: number;
  };
  checks: GateCheck[];
  /** The verdict in one line, e.g. "gate FAIL: … ". */
  summary: string;
}

/** The gate cannot decide: bad criteria, or a run that did not succeed (the CLI's exit code 2). */
export class GateError extends Error {
  override name = "GateError";
}

/** Checks the criteria before anything is started; a bad one is named. */
export function checkGateCriteria(criteria: GateCriteria): void {
  const { baseline, margin, minAccuracy, confidence } = criteria;
  if (baseline === undefined && minAccuracy === undefined)
    throw new GateError("a gate needs a baseline (an evaluation id), minAccuracy, or both");
  if (margin !== undefined && baseline === undefined)
    throw new GateError("margin goes with a baseline");
  if (margin !== undefined && !(Number.isFinite(margin) && margin >= 0 && margin < 1))
    throw new GateError("margin must be a number from 0 up to (not including) 1, e.g. 0.02");
  if (
    minAccuracy !== undefined &&
    !(Number.isFinite(minAccuracy) && minAccuracy >= 0 && minAccuracy <= 1)
  )
    throw new GateError("minAccuracy must be a number from 0 to 1, e.g. 0.7");
  if (confidence !== undefined && confidence !== GATE_CONFIDENCE)
    throw new GateError(
      `confidence must be ${GATE_CONFIDENCE}: the service computes its intervals at 95%`,
    );
}

/** Where an interval lies against a line: wholly below it fails, wholly at or above it passes. */
function against(interval: GateInterval, line: number): GateVerdict {
  if (interval.high < line) return "fail";
  if (interval.low >= line) return "pass";
  return "inconclusive";
}

const points = (x: number) => `${(x * 100).toFixed(1)}%`;
const signedPoints = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} pts`;
const range = (i: GateInterval, show: (x: number) => string) => `[${show(i.low)}, ${show(i.high)}]`;

export function baselineCheck(
  baselineId: string,
  margin: number,
  stats: ComparisonStats,
): BaselineCheck {
  const interval = { low: stats.difference_interval.low, high: stats.difference_interval.high };
  const verdict = against(interval, -margin);
  const measured = `${signedPoints(stats.difference)} vs baseline, 95% CI ${range(interval, signedPoints)} over ${stats.pairs} paired prompts`;
  const line = `−${(margin * 100).toFixed(1)} pts`;
  const reason =
    verdict === "fail"
      ? `${measured}: worse than the baseline by more than ${line.slice(1)}`
      : verdict === "pass"
        ? `${measured}: not worse than the baseline by more than ${line.slice(1)}`
        : `${measured}: the interval straddles ${line}, too few prompts to tell`;
  return {
    kind: "baseline",
    verdict,
    baseline_id: baselineId,
    margin,
    difference: stats.difference,
    interval,
    pairs: stats.pairs,
    method: stats.method,
    reason,
  };
}

export function thresholdCheck(threshold: number, evaluation: Evaluation): ThresholdCheck {
  const ci = evaluation.assay.accuracy_ci95;
  const interval = { low: ci.low, high: ci.high };
  const verdict = against(interval, threshold);
  const measured = `accuracy ${points(evaluation.accuracy)}, 95% CI ${range(interval, points)}`;
  const reason =
    verdict === "fail"
      ? `${measured}: below ${points(threshold)} even at its upper bound`
      : verdict === "pass"
        ? `${measured}: at least ${points(threshold)} even at its lower bound`
        : `${measured}: the interval straddles ${points(threshold)}, too few prompts to tell`;
  return {
    kind: "min_accuracy",
    verdict,
    threshold,
    accuracy: evaluation.accuracy,
    interval,
    reason,
  };
}

/** Combines the checks into the report: any fail fails, else any inconclusive is inconclusive. */
export function gateReport(
  evaluation: Evaluation,
  checks: GateCheck[],
  failOnInconclusive: boolean,
): GateReport {
  const verdicts = checks.map((c) => c.verdict);
  const verdict: GateVerdict = verdicts.includes("fail")
    ? "fail"
    : verdicts.includes("inconclusive")
      ? "inconclusive"
      : "pass";
  const passed = verdict === "pass" || (verdict === "inconclusive" && !failOnInconclusive);
  const head =
    verdict === "inconclusive"
      ? `gate INCONCLUSIVE (${passed ? "passing" : "failing: --fail-on-inconclusive"})`
      : `gate ${verdict.toUpperCase()}`;
  const model = evaluation.model_key || evaluation.model_name || evaluation.model_id;
  const benchmark = evaluation.dataset_name || evaluation.dataset_id;
  const summary = `${head}: ${model} on ${benchmark} (${evaluation.id}): ${checks.map((c) => c.reason).join("; ")}`;
  return {
    verdict,
    passed,
    confidence: GATE_CONFIDENCE,
    fail_on_inconclusive: failOnInconclusive,
    evaluation: {
      id: evaluation.id,
      model,
      benchmark,
      status: evaluation.status,
      accuracy: evaluation.accuracy,
      interval: {
        low: evaluation.assay.accuracy_ci95.low,
        high: evaluation.assay.accuracy_ci95.high,
      },
      prompts: evaluation.assay.progress.total,
    },
    checks,
    summary,
  };
}
