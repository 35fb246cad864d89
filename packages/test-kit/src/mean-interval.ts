import type { Interval } from "@assay/server/src/engine/stats/index.ts";

/**
 * Student's t quantile t(0.975, df), from scipy 1.17.1 — `scipy.stats.t.ppf(0.975, df)` — for the
 * degrees of freedom the tests use; the reference shares nothing with the production table and
 * expansion (engine/stats/mean-interval.ts) it checks.
 */
const SCIPY_T_975: Readonly<Record<number, number>> = {
  1: 12.706204736174694,
  2: 4.302652729749462,
  3: 3.1824463052837078,
  6: 2.4469118511449786,
  9999: 1.960201263621357,
};

/**
 * The 95% Student's t interval for the mean of `values`, clipped to [lower, upper], computed the
 * plain two-pass way with scipy's quantile: the reference the streaming scorer tally (Welford's
 * update, the production quantile) is checked against. With fewer than two values, the whole
 * scale, as the production rule says. Only the t part of that rule: its floor for nearly equal
 * grades (engine/stats/mean-interval.ts) is checked in scorer-stats.test.ts, and does not bind on
 * the samples with real spread this reference is used for. A sample size without a quantile here throws: add scipy's.
 * Production code never needs a whole list of grades in memory, so this lives here.
 */
export function meanInterval(values: readonly number[], lower = 0, upper = 1): Interval {
  const n = values.length;
  if (n < 2) return { low: lower, high: upper };
  const t = SCIPY_T_975[n - 1];
  if (t === undefined)
    throw new Error(`no reference quantile for ${n - 1} degrees of freedom: add scipy's`);
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const half = t * Math.sqrt(variance / n);
  return { low: Math.max(lower, mean - half), high: Math.min(upper, mean + half) };
}
