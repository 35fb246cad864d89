import { Z_95 } from "@assay/protocol";

export interface Interval {
  low: number;
  high: number;
}

function checkCounts(successes: number, n: number): void {
  if (!Number.isFinite(successes) || !Number.isFinite(n) || n < 0 || successes < 0) {
    throw new RangeError(`counts must be finite and non-negative (got ${successes}/${n})`);
  }
  if (successes > n) throw new RangeError(`successes ${successes} exceed trials ${n}`);
}

/**
 * The Wilson score interval for a proportion `successes / n`. Unlike the textbook p ± z·SE (the
 * Wald interval) it stays inside [0, 1], is not zero-width at 0/n or n/n — a model that got all 10
 * prompts right is not known to be perfect — and keeps close to its nominal coverage for the small
 * benchmark subsets an evaluation breaks down into.
 *
 * With no trials (n = 0) nothing is known, so the interval is the whole range {0, 1}: it still
 * contains the 0 accuracy reported for an empty run, and it does not claim a certainty a zero-width
 * {0, 0} would. Counts need not be integers (a sum of partial scores works); they must satisfy
 * 0 ≤ successes ≤ n, else RangeError.
 */
export function wilsonInterval(successes: number, n: number, z = Z_95): Interval {
  checkCounts(successes, n);
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At the ends the bound is exactly 0 or 1; floating point would leave ±1e-17 there.
  return {
    low: successes === 0 ? 0 : Math.max(0, center - half),
    high: successes === n ? 1 : Math.min(1, center + half),
  };
}

/** The standard error of a proportion, √(p(1−p)/n); 0 when there are no trials. */
export function standardError(successes: number, n: number): number {
  checkCounts(successes, n);
  if (n === 0) return 0;
  const p = successes / n;
  return Math.sqrt((p * (1 - p)) / n);
}
