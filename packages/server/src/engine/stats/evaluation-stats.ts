import { type Interval, standardError, wilsonInterval } from "./proportion.ts";

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
}

function checkCount(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be finite and non-negative (got ${value})`);
  }
}

/**
 * The statistics of a finished (or partial) run. Accuracy is correct over all prompts — a failed
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
  return {
    accuracy: input.total === 0 ? 0 : input.correct / input.total,
    stderr: standardError(input.correct, input.total),
    ci95: wilsonInterval(input.correct, input.total),
    subsets,
    average_duration_ms: input.scored === 0 ? 0 : Math.round(input.durationMsSum / input.scored),
    tokens: {
      prompt: input.promptTokens,
      completion: input.completionTokens,
      total: input.promptTokens + input.completionTokens,
    },
    cost: input.cost,
  };
}
