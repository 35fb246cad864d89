import { tQuantile975 } from "./mean-interval.ts";
import type { Interval } from "./proportion.ts";
import { tTwoSidedPValue } from "./student-t.ts";

/** One prompt's mean score in each of two runs (per-prompt means over their repeats). */
export interface PromptMeans {
  a: number;
  b: number;
}

export interface PairedMeansFigures {
  pairs: number;
  accuracyA: number;
  accuracyB: number;
  /** B − A: the mean of the per-prompt differences. */
  difference: number;
  /** Student's t interval of the difference (95%), clipped to [−1, 1]. */
  differenceInterval: Interval;
  /** The paired t test's two-sided p-value (df = pairs − 1); 1 when there is nothing to test. */
  pValue: number;
  /** The interval excludes 0: the one verdict, which the p-value agrees with (p < 0.05). */
  significant: boolean;
}

/**
 * Two runs with repeats compared prompt by prompt: the paired t interval and test on the
 * differences of per-prompt means (Miller 2024 §3: pair on the question, average the repeats).
 * Significance is read off the interval, and the p-value comes from the same t distribution at
 * the same degrees of freedom, so the two never disagree.
 *
 * Equal differences on every prompt leave no spread to measure, and a zero-width interval would
 * claim a certainty n prompts cannot give. The spread is then taken to be the least the runs
 * could show at their resolution: one prompt whose mean moved by 1/repeats (the smallest step of
 * a per-prompt mean), which keeps the interval honest and shrinking as prompts are added.
 */
export function pairedMeansFigures(
  means: readonly PromptMeans[],
  repeats: number,
): PairedMeansFigures {
  const n = means.length;
  if (n === 0)
    return {
      pairs: 0,
      accuracyA: 0,
      accuracyB: 0,
      difference: 0,
      differenceInterval: { low: -1, high: 1 },
      pValue: 1,
      significant: false,
    };
  let sumA = 0;
  let sumB = 0;
  for (const { a, b } of means) {
    sumA += a;
    sumB += b;
  }
  const difference = (sumB - sumA) / n;
  if (n < 2)
    return {
      pairs: n,
      accuracyA: sumA,
      accuracyB: sumB,
      difference,
      differenceInterval: { low: -1, high: 1 },
      pValue: 1,
      significant: false,
    };
  let squares = 0;
  for (const { a, b } of means) squares += (b - a - difference) ** 2;
  const step = 1 / repeats;
  const floor = (step * step * (n - 1)) / (n * n);
  const variance = Math.max(squares / (n - 1), floor);
  const se = Math.sqrt(variance / n);
  const half = tQuantile975(n - 1) * se;
  const low = Math.max(-1, difference - half);
  const high = Math.min(1, difference + half);
  return {
    pairs: n,
    accuracyA: sumA / n,
    accuracyB: sumB / n,
    difference,
    differenceInterval: { low, high },
    pValue: tTwoSidedPValue(difference / se, n - 1),
    significant: low > 0 || high < 0,
  };
}
