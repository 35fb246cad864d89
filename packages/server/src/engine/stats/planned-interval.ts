import { Z_95 } from "@assay/protocol";
import { wilsonInterval } from "./proportion.ts";

/**
 * How wide a run's 95% accuracy interval will be, before it runs: the interval the run itself
 * will report, computed at an assumed accuracy for its number of prompts and repeats.
 *
 * One answer per prompt: Wilson's interval at accuracy p over n prompts, half its width.
 *
 * With R repeats the run reports its accuracy clustered by prompt (clusteredAccuracy: Wilson's
 * interval at N / deff answers, deff the design effect). A prompt's mean of R answers varies by
 * Var = σ²_between + σ²_within / R, where σ²_within = E[pᵢ(1 − pᵢ)] is the mean variance of one
 * prompt's answers and σ²_between = Var(pᵢ) the spread of prompts' pass rates; together they make
 * one answer's variance, p(1 − p). So deff = R · Var / p(1 − p), bounded to [1, R], with
 * σ²_between = p(1 − p) − σ²_within when an earlier run measured σ²_within (its mean
 * within-prompt variance, the n − 1 sample variance, unbiased for pᵢ(1 − pᵢ)). Without that
 * measure nothing says how far repeats help: σ²_within = 0 gives the widest case, a bound
 * (repeats that always agree add nothing: deff = R, the prompts alone); `bestHalfWidth` is the
 * narrowest, σ²_between = 0 (every repeat an independent draw: deff = 1). With repeats, p(1 − p)
 * uses the Agresti–Coull accuracy (x + z²/2) / (N + z²) of the earlier run's N answers, so an
 * earlier run that was all right (or all wrong) does not promise a zero-width interval.
 *
 * Without an earlier run, p = 0.5, the widest for either interval: a bound. Fewer than two prompts
 * with repeats have no spread between prompts to measure: the run reports the whole scale.
 */

export interface EarlierOutcome {
  /** Right answers and answers stored. */
  correct: number;
  answers: number;
  /** Its mean within-prompt variance (runs with repeats); null when not measured. */
  withinPromptVariance: number | null;
}

export interface PlannedInterval {
  halfWidth: number;
  kind: "expected" | "bound";
  basis: "earlier_run" | "worst_case";
  method: "wilson" | "clustered";
  /** The accuracy assumed. */
  accuracy: number;
  /** The variances used (clustered only; null for Wilson's). */
  betweenPromptVariance: number | null;
  withinPromptVariance: number | null;
  /** A bound with repeats: the half-width if every repeat were an independent draw. */
  bestHalfWidth: number | null;
}

/** Half the width of Wilson's interval at accuracy p over n (fractional successes allowed). */
export function wilsonHalfWidth(p: number, n: number): number {
  const interval = wilsonInterval(p * n, n);
  return (interval.high - interval.low) / 2;
}

export function plannedInterval(input: {
  prompts: number;
  repeats: number;
  earlier: EarlierOutcome | null;
}): PlannedInterval {
  const { prompts: n, repeats } = input;
  const earlier = input.earlier && input.earlier.answers > 0 ? input.earlier : null;
  const basis = earlier ? "earlier_run" : "worst_case";
  const accuracy = earlier ? earlier.correct / earlier.answers : 0.5;
  if (repeats <= 1)
    return {
      halfWidth: wilsonHalfWidth(accuracy, n),
      kind: earlier ? "expected" : "bound",
      basis,
      method: "wilson",
      accuracy,
      betweenPromptVariance: null,
      withinPromptVariance: null,
      bestHalfWidth: null,
    };

  const z2 = Z_95 * Z_95;
  const adjusted = earlier ? (earlier.correct + z2 / 2) / (earlier.answers + z2) : 0.5;
  const total = adjusted * (1 - adjusted);
  const measured = earlier?.withinPromptVariance ?? null;
  const within = measured === null ? 0 : Math.min(Math.max(measured, 0), total);
  const between = total - within;
  // As the run will report it (clusteredAccuracy): Wilson's at N / deff answers, deff the
  // clustered variance over that of N independent answers, bounded to [1, R].
  const answers = n * repeats;
  const half = (variance: number) => {
    if (n < 2) return 0.5;
    const deff =
      total === 0 ? repeats : Math.min(repeats, Math.max(1, (repeats * variance) / total));
    return wilsonHalfWidth(accuracy, answers / deff);
  };
  return {
    halfWidth: half(between + within / repeats),
    kind: measured === null ? "bound" : "expected",
    basis,
    method: "clustered",
    accuracy,
    betweenPromptVariance: between,
    withinPromptVariance: measured === null ? null : within,
    bestHalfWidth: measured === null ? half(total / repeats) : null,
  };
}
