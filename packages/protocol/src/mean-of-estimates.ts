/** An estimate with its 95% interval (an accuracy with its Wilson interval, say). */
export interface IntervalEstimate {
  value: number;
  low: number;
  high: number;
}

/**
 * The mean of k estimates and an interval for it, taking their errors as independent: each
 * side's half-widths in quadrature, over k (the standard error of a mean of independent
 * estimates), clipped to 0–1 as the estimates are proportions. Undefined for no estimates.
 */
export function meanOfEstimates(
  estimates: readonly IntervalEstimate[],
): { mean: number; low: number; high: number } | undefined {
  const k = estimates.length;
  if (k === 0) return undefined;
  const mean = estimates.reduce((sum, e) => sum + e.value, 0) / k;
  const spread = (side: (e: IntervalEstimate) => number) =>
    Math.sqrt(estimates.reduce((sum, e) => sum + side(e) ** 2, 0)) / k;
  return {
    mean,
    low: Math.max(0, mean - spread((e) => e.value - e.low)),
    high: Math.min(1, mean + spread((e) => e.high - e.value)),
  };
}
