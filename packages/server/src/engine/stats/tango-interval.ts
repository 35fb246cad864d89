import type { PairedCounts } from "./paired-counts.ts";
import type { Interval } from "./proportion.ts";

/** Bisection stops once the bracket is this narrow: far below the 0.1 points anyone reads. */
const TOLERANCE = 1e-15;

/**
 * McNemar's statistic without continuity correction, (c − b)/√(b + c) for b = only A right and
 * c = only B right: the score statistic for "A and B are equally accurate", and Tango's
 * statistic at a difference of 0. 0 when no pair is discordant (nothing speaks either way).
 */
export function mcnemarScoreStatistic(onlyACorrect: number, onlyBCorrect: number): number {
  const discordant = onlyACorrect + onlyBCorrect;
  return discordant === 0 ? 0 : (onlyBCorrect - onlyACorrect) / Math.sqrt(discordant);
}

/**
 * Tango's (1998) score statistic for "accuracyB − accuracyA = delta": the observed difference's
 * distance from delta over its standard error with the nuisance probability at its maximum
 * likelihood estimate under that delta (the root of a quadratic). It falls as delta rises, from
 * +∞ to −∞ unless the estimate sits at ±1; at 0 it is McNemar's statistic exactly, which is what
 * ties the interval to the test. Rounding may push the discriminant or the variance a hair below
 * 0 where they are 0; both are clamped so the statistic is never NaN.
 */
export function tangoStatistic(counts: PairedCounts, delta: number): number {
  const { onlyACorrect: b, onlyBCorrect: c } = counts;
  if (delta === 0) return mcnemarScoreStatistic(b, c);
  const n = counts.bothCorrect + b + c + counts.bothWrong;
  // p̃ (A right, B wrong) under delta: the non-negative root of 2n·p² + B·p + C = 0.
  const B = -b - c + (2 * n - c + b) * delta;
  const C = -b * delta * (1 - delta);
  const root = (Math.sqrt(Math.max(0, B * B - 8 * n * C)) - B) / (4 * n);
  const variance = n * Math.max(0, 2 * root + delta * (1 - delta));
  const distance = c - b - n * delta;
  if (variance === 0) return distance === 0 ? 0 : distance > 0 ? Infinity : -Infinity;
  return distance / Math.sqrt(variance);
}

/**
 * Narrows [inside, outside] (inside: a point of the interval, outside: one beyond its limit) to
 * the limit, and answers the last point known to be inside: the limit never moves outward past
 * where the test says it is.
 */
function bisect(inside: number, outside: number, isInside: (delta: number) => boolean): number {
  while (Math.abs(outside - inside) > TOLERANCE) {
    const mid = (inside + outside) / 2;
    if (mid === inside || mid === outside) break;
    if (isInside(mid)) inside = mid;
    else outside = mid;
  }
  return inside;
}

/**
 * Tango's score interval for accuracyB − accuracyA on paired data: every delta McNemar's score
 * test (no continuity correction) would not reject at this z, {delta : |T(delta)| ≤ z}. Because
 * the interval inverts the test, it excludes 0 exactly when |McNemar's statistic| > z: the
 * verdict, its p-value and its interval cannot disagree. To keep that true to the last bit, the
 * search for each limit starts on the side of 0 that comparison decides, so rounding can move a
 * limit but never across 0.
 *
 * Like Wilson's interval it is never zero-width: with every pair agreeing it is about
 * ±z²/(n + z²), and with every discordant pair for B the upper limit still goes beyond the
 * estimate unless that is already 1. Fagerland, Lydersen & Laake (Stat Methods Med Res 2014)
 * recommend it for the paired difference, with McNemar's asymptotic test, over Newcombe's
 * square-and-add and over the conservative exact conditional test. With no pairs it is [−1, 1].
 */
export function tangoInterval(counts: PairedCounts, z: number): Interval {
  const { onlyACorrect: b, onlyBCorrect: c } = counts;
  const n = counts.bothCorrect + b + c + counts.bothWrong;
  if (n === 0) return { low: -1, high: 1 };
  const estimate = (c - b) / n;
  const excludesZero = Math.abs(mcnemarScoreStatistic(b, c)) > z;
  const belowUpper = (delta: number) => tangoStatistic(counts, delta) >= -z;
  const aboveLower = (delta: number) => tangoStatistic(counts, delta) <= z;

  let low = -1;
  if (estimate > -1) {
    // T(estimate) = 0 ≤ z: the estimate is inside; 0 is inside unless the test rejects.
    const inside = excludesZero || estimate < 0 ? estimate : 0;
    const outside = excludesZero && estimate > 0 ? 0 : -1;
    low = bisect(inside, outside, aboveLower);
  }
  let high = 1;
  if (estimate < 1) {
    const inside = excludesZero || estimate > 0 ? estimate : 0;
    const outside = excludesZero && estimate < 0 ? 0 : 1;
    high = bisect(inside, outside, belowUpper);
  }
  return { low, high };
}
