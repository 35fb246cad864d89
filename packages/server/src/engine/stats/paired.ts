import { type Interval, wilsonInterval, Z_95 } from "./proportion.ts";

/**
 * The paired 2×2 of two evaluations answering the same prompts: A is the reference, B the one
 * compared with it. Only the discordant cells say which is better; the concordant ones still
 * matter for the interval, through the correlation of the two accuracies.
 */
export interface PairedCounts {
  bothCorrect: number;
  /** A right, B wrong. */
  onlyACorrect: number;
  /** A wrong, B right. */
  onlyBCorrect: number;
  bothWrong: number;
}

export interface PairedFigures {
  pairs: number;
  accuracyA: number;
  accuracyB: number;
  /** accuracyB − accuracyA. */
  difference: number;
  /** Newcombe's (1998) method 10 interval for the difference, at the asked z (95% default). */
  differenceInterval: Interval;
  /** McNemar's exact test, two-sided. */
  pValue: number;
}

/**
 * log 2 as fdlibm splits it: the head has 32 significant bits, so n·head is exact for every
 * n < 2^21; head + tail is log 2 to ~1e-27.
 */
const LN2_HEAD = 0.6931471803691238;
const LN2_TAIL = 1.9082149292705877e-10;

/** Neumaier's compensated summation: the rounding of each addition is kept and added back. */
class CompensatedSum {
  private sum = 0;
  private compensation = 0;

  add(x: number): void {
    const t = this.sum + x;
    this.compensation += Math.abs(this.sum) >= Math.abs(x) ? this.sum - t + x : x - t + this.sum;
    this.sum = t;
  }

  value(): number {
    return this.sum + this.compensation;
  }
}

function checkCounts(counts: PairedCounts): void {
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`${name} must be a non-negative integer (got ${value})`);
  }
}

/**
 * McNemar's exact test: under "A and B are equally good", each discordant pair is equally likely
 * to favour either, so the smaller discordant count is Bin(b + c, ½) and the two-sided p-value is
 * min(1, 2·P(X ≤ min(b, c))); 1 when no pair is discordant.
 *
 * The tail is summed from its largest term, P(X = k), downwards with the ratio
 * P(X = i − 1)/P(X = i) = i/(n − i + 1), so every term is a finite multiple of the first and
 * nothing under- or overflows on the way. P(X = k) itself is exp(log C(n, k) − n·log 2), both
 * near 70,000 at n = 100,000 while their difference is small: summed plainly, the rounding of
 * those large partial sums alone would cost ~1e-9 of relative accuracy, so the sum is
 * compensated (Neumaier) and log 2 is split into an exactly multipliable head and a tail. The
 * result is good to ~1e-13 relative at n = 100,000, in O(min(b, c)) work.
 */
export function mcnemarExactPValue(b: number, c: number): number {
  checkCounts({ bothCorrect: 0, onlyACorrect: b, onlyBCorrect: c, bothWrong: 0 });
  const n = b + c;
  const k = Math.min(b, c);
  // k ≥ n/2 only when b = c: the tail then holds at least half the mass and p is 1.
  if (n === 0 || 2 * k >= n) return 1;
  // Up to 50 trials every C(n, i)·i on the way stays below 2⁵³, so each step, the sum and the
  // division by 2ⁿ are exact: small tables get the exact p-value, not one off by an ulp.
  if (n <= 50) {
    let choose = 1;
    let tail = 1;
    for (let i = 1; i <= k; i += 1) {
      choose = (choose * (n - i + 1)) / i;
      tail += choose;
    }
    return Math.min(1, (2 * tail) / 2 ** n);
  }
  const logTop = new CompensatedSum();
  for (let i = 1; i <= k; i += 1) logTop.add(Math.log1p((n - k) / i));
  logTop.add(-n * LN2_HEAD);
  logTop.add(-n * LN2_TAIL);
  // Σ_{i ≤ k} P(X = i) / P(X = k); the terms shrink at least geometrically since k < n/2.
  let relative = 1;
  let term = 1;
  for (let i = k; i > 0; i -= 1) {
    term *= i / (n - i + 1);
    relative += term;
    if (term < relative * 1e-17) break;
  }
  return Math.min(1, 2 * Math.exp(logTop.value() + Math.log(relative)));
}

/**
 * The correlation of the two accuracies, as Newcombe's square-and-add interval for paired data
 * uses it: φ of the 2×2 with its numerator AD − BC shrunk towards 0 by n/2 when positive (and 0
 * when that crosses 0), which keeps the interval from narrowing on chance agreement. φ is 0 when
 * a margin is empty: one of the accuracies is 0 or 1 and nothing correlates with a constant.
 */
function correctedPhi(counts: PairedCounts, n: number): number {
  const { bothCorrect: a, onlyACorrect: b, onlyBCorrect: c, bothWrong: d } = counts;
  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  if (margins === 0) return 0;
  const cross = a * d - b * c;
  const numerator = cross > n / 2 ? cross - n / 2 : cross >= 0 ? 0 : cross;
  return numerator / Math.sqrt(margins);
}

/**
 * Newcombe's method 10 (Statistics in Medicine 17:2635, 1998) for accuracyB − accuracyA: the
 * Wilson interval of each accuracy, its distances from the estimates squared and added as for
 * independent proportions, less the covariance the pairing brings (2·φ·…). Unlike the Wald
 * interval it stays inside [−1, 1] and is not zero-width when every pair agrees. With no pairs it
 * is the whole range [−1, 1].
 */
export function pairedDifferenceInterval(counts: PairedCounts, z = Z_95): Interval {
  checkCounts(counts);
  const { bothCorrect, onlyACorrect, onlyBCorrect } = counts;
  const n = bothCorrect + onlyACorrect + onlyBCorrect + counts.bothWrong;
  if (n === 0) return { low: -1, high: 1 };
  const correctA = bothCorrect + onlyACorrect;
  const correctB = bothCorrect + onlyBCorrect;
  const pA = correctA / n;
  const pB = correctB / n;
  const wilsonA = wilsonInterval(correctA, n, z);
  const wilsonB = wilsonInterval(correctB, n, z);
  const phi = correctedPhi(counts, n);
  // B's room to fall and A's room to rise make the lower limit of B − A; the reverse the upper.
  const downB = pB - wilsonB.low;
  const upB = wilsonB.high - pB;
  const downA = pA - wilsonA.low;
  const upA = wilsonA.high - pA;
  const difference = pB - pA;
  const low = difference - Math.sqrt(Math.max(0, downB ** 2 - 2 * phi * downB * upA + upA ** 2));
  const high = difference + Math.sqrt(Math.max(0, upB ** 2 - 2 * phi * upB * downA + downA ** 2));
  return { low: Math.max(-1, low), high: Math.min(1, high) };
}

/** Everything a comparison reports about B against A, from the paired counts. */
export function pairedFigures(counts: PairedCounts, z = Z_95): PairedFigures {
  checkCounts(counts);
  const pairs = counts.bothCorrect + counts.onlyACorrect + counts.onlyBCorrect + counts.bothWrong;
  const accuracyA = pairs === 0 ? 0 : (counts.bothCorrect + counts.onlyACorrect) / pairs;
  const accuracyB = pairs === 0 ? 0 : (counts.bothCorrect + counts.onlyBCorrect) / pairs;
  return {
    pairs,
    accuracyA,
    accuracyB,
    // From the discordant counts: the same value as accuracyB − accuracyA, without its rounding.
    difference: pairs === 0 ? 0 : (counts.onlyBCorrect - counts.onlyACorrect) / pairs,
    differenceInterval: pairedDifferenceInterval(counts, z),
    pValue: mcnemarExactPValue(counts.onlyACorrect, counts.onlyBCorrect),
  };
}
