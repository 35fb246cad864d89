import { type Interval, standardError, wilsonInterval } from "./proportion.ts";
import type { ScorerFigures } from "./scorer-stats.ts";

/** A scorer's figures under the names the run knows it by. */
export interface ScorerSummary extends ScorerFigures {
  id: string;
  name: string;
  model_id: string;
}

export interface ErrorCount {
  error: string;
  count: number;
}

export interface OutcomeCounts {
  /** Prompts of the run, failed ones included. */
  total: number;
  correct: number;
  /** Prompts whose model call failed; they count as not correct. */
  failed: number;
  subsets: { name: string; total: number; correct: number }[];
  /** Sum of model-call durations over the scored prompts, in milliseconds. */
  durationMsSum: number;
  /** Prompts that were answered and scored (the ones durationMsSum covers). */
  scored: number;
  promptTokens: number;
  completionTokens: number;
  /** US dollars; null when the model has no price. */
  cost: number | null;
  /** Each metric's mean over the results that have it (createMetricTally), null when none do. */
  metrics?: Readonly<Record<string, number | null>>;
  /** The most frequent model-call errors, most frequent first. */
  topErrors?: readonly ErrorCount[];
  /** Each scorer's figures (createScorerTally), in the run's scorer order. */
  scorers?: readonly ScorerSummary[];
}

export interface SubsetSummary {
  name: string;
  total: number;
  correct: number;
  accuracy: number;
  ci95: Interval;
}

export interface OutcomeSummary {
  accuracy: number;
  stderr: number;
  ci95: Interval;
  subsets: SubsetSummary[];
  average_duration_ms: number;
  tokens: { prompt: number; completion: number; total: number };
  cost: number | null;
  /** Present when given: a finished run's summary always has them. */
  metrics?: Record<string, number | null>;
  top_errors?: ErrorCount[];
  scorers?: ScorerSummary[];
}

/** A proportion's figures: the rate (0 with no trials), its standard error and Wilson interval. */
export function accuracyFigures(
  correct: number,
  n: number,
): { accuracy: number; stderr: number; ci95: Interval } {
  return {
    accuracy: n === 0 ? 0 : correct / n,
    stderr: standardError(correct, n),
    ci95: wilsonInterval(correct, n),
  };
}

function checkCount(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be finite and non-negative (got ${value})`);
  }
}

/**
 * The statistics of a finished (or partial) run: what a finished run stores and every read of it
 * serves, so the figures are computed once. For a run still going, `total` is the prompts done so
 * far and the figures are the ones so far. Accuracy is correct over all prompts — a failed
 * model call counts as wrong, so a flaky endpoint shows in the score — and 0 for an empty run.
 * Subsets are sorted by name (code-point order, the same on every machine). Inconsistent counts
 * (correct + failed above total, negative values) throw RangeError: they are a bug upstream, and a
 * plausible-looking accuracy computed from them would hide it.
 */
export function summarizeOutcomes(input: OutcomeCounts): OutcomeSummary {
  for (const name of [
    "total",
    "correct",
    "failed",
    "durationMsSum",
    "scored",
    "promptTokens",
    "completionTokens",
  ] as const) {
    checkCount(name, input[name]);
  }
  if (input.correct + input.failed > input.total) {
    throw new RangeError(
      `correct ${input.correct} + failed ${input.failed} exceed total ${input.total}`,
    );
  }
  const subsets = input.subsets
    .map((subset) => ({
      name: subset.name,
      total: subset.total,
      correct: subset.correct,
      accuracy: subset.total === 0 ? 0 : subset.correct / subset.total,
      ci95: wilsonInterval(subset.correct, subset.total),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const error of input.topErrors ?? []) checkCount(`count of "${error.error}"`, error.count);
  return {
    ...accuracyFigures(input.correct, input.total),
    subsets,
    average_duration_ms: input.scored === 0 ? 0 : Math.round(input.durationMsSum / input.scored),
    tokens: {
      prompt: input.promptTokens,
      completion: input.completionTokens,
      total: input.promptTokens + input.completionTokens,
    },
    cost: input.cost,
    ...(input.metrics && { metrics: { ...input.metrics } }),
    ...(input.topErrors && { top_errors: input.topErrors.map((e) => ({ ...e })) }),
    ...(input.scorers && { scorers: input.scorers.map((s) => ({ ...s })) }),
  };
}
