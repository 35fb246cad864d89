import { Z_95 } from "@assay/protocol";
import type { Interval } from "./proportion.ts";

/** Student's t quantile t(0.975, df) for df = 1…30 (the exact values, as scipy gives them). */
const T_975 = [
  12.706204736, 4.30265273, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252,
  2.306004135, 2.262157163, 2.228138852, 2.20098516, 2.17881283, 2.160368656, 2.144786688,
  2.131449546, 2.119905299, 2.109815578, 2.10092204, 2.093024054, 2.085963447, 2.079613845,
  2.073873068, 2.06865761, 2.063898562, 2.059538553, 2.055529439, 2.051830516, 2.048407142,
  2.045229642, 2.042272456,
];

/**
 * The two-sided 95% quantile of Student's t with `df` degrees of freedom: exact from the table up
 * to 30, beyond that the Cornish-Fisher expansion around the normal quantile (Abramowitz &
 * Stegun 26.7.5), which is within 1e-6 of the exact value there.
 */
export function tQuantile975(df: number): number {
  if (!Number.isInteger(df) || df < 1)
    throw new RangeError(`degrees of freedom must be ≥ 1 (got ${df})`);
  if (df <= T_975.length) return T_975[df - 1] as number;
  const z = Z_95;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  const z9 = z ** 9;
  const g1 = (z3 + z) / 4;
  const g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
  const g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
  const g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/**
 * The 95% Student's t interval for a mean from the sample's size, mean and (n − 1) variance,
 * clipped to [lower, upper] (the scale the values live on), and never narrower than what grades
 * the sample did not happen to include could hide.
 *
 * A sample shows only the spread it contains: n equal grades give a zero-width t interval, and
 * one slight outlier among 100 an interval of ±0.0002, as if no grade could ever land elsewhere.
 * But a kind of grade rarer than about 1 in n is easily missing from n grades: Wilson's 95% upper
 * limit for a share seen 0 times in n is q = z²/(n + z²) (the same rule that keeps Wilson's
 * interval for 10/10 from being [1, 1]). Grades making up that share could sit anywhere on the
 * scale, moving the mean by up to q·(mean − lower) down or q·(upper − mean) up; the interval
 * reaches at least that far. Where the sample has real spread the t interval is wider and this
 * bound changes nothing (n = 100 grades with sd 0.2: ±0.040 against at most ±0.037).
 *
 * With fewer than two values there is no spread to measure, so the interval is the whole scale:
 * one grade says little about the next.
 */
export function tInterval(
  sample: { n: number; mean: number; variance: number },
  lower = 0,
  upper = 1,
): Interval {
  const { n, mean, variance } = sample;
  if (n < 2) return { low: lower, high: upper };
  const half = tQuantile975(n - 1) * Math.sqrt(variance / n);
  const unseen = (Z_95 * Z_95) / (n + Z_95 * Z_95);
  return {
    low: Math.max(lower, Math.min(mean - half, mean - unseen * (mean - lower))),
    high: Math.min(upper, Math.max(mean + half, mean + unseen * (upper - mean))),
  };
}
