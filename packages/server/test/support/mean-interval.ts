import type { Interval } from "../../src/engine/stats/index.ts";
import { tInterval } from "../../src/engine/stats/index.ts";

/**
 * The 95% Student's t interval for the mean of `values`, clipped to [lower, upper], computed the
 * plain two-pass way: the reference the streaming scorer tally (Welford's update) is checked
 * against. Production code never needs a whole list of grades in memory, so this lives here.
 */
export function meanInterval(values: readonly number[], lower = 0, upper = 1): Interval {
  const n = values.length;
  const mean = n === 0 ? 0 : values.reduce((a, b) => a + b, 0) / n;
  const squares = values.reduce((a, v) => a + (v - mean) ** 2, 0);
  return tInterval({ n, mean, variance: n < 2 ? 0 : squares / (n - 1) }, lower, upper);
}
