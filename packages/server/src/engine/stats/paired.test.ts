import { describe, expect, it } from "vitest";
import {
  mcnemarExactPValue,
  type PairedCounts,
  pairedDifferenceInterval,
  pairedFigures,
} from "./paired.ts";
import { Z_95 } from "./proportion.ts";

/** The exact two-sided p-value with integers: 2·Σ_{i ≤ min(b,c)} C(n, i) / 2ⁿ, capped at 1. */
function mcnemarByBigInt(b: number, c: number): number {
  const n = BigInt(b + c);
  const k = BigInt(Math.min(b, c));
  let choose = 1n;
  let tail = 1n;
  for (let i = 1n; i <= k; i += 1n) {
    choose = (choose * (n - i + 1n)) / i;
    tail += choose;
  }
  return Math.min(1, Number(2n * tail) / 2 ** (b + c));
}

const counts = (
  bothCorrect: number,
  onlyACorrect: number,
  onlyBCorrect: number,
  bothWrong: number,
): PairedCounts => ({ bothCorrect, onlyACorrect, onlyBCorrect, bothWrong });

describe("mcnemarExactPValue", () => {
  it("matches published values", () => {
    // Bentur et al. (2009) in Fagerland, Lydersen & Laake, BMC Med Res Methodol 13:91 (2013):
    // 1 and 7 discordant pairs, exact conditional p = 2·(1 + 8)/2⁸ = 0.0703.
    expect(mcnemarExactPValue(1, 7)).toBe(0.0703125);
    expect(mcnemarExactPValue(7, 1)).toBe(0.0703125);
    // Cavo et al. (2012), the other example of the same authors: 16 and 6 discordant pairs.
    expect(mcnemarExactPValue(16, 6)).toBeCloseTo(0.052478790283203125, 15);
  });

  it("is exact for small tables", () => {
    expect(mcnemarExactPValue(0, 3)).toBe(0.25);
    expect(mcnemarExactPValue(0, 6)).toBe(0.03125);
    expect(mcnemarExactPValue(24, 26)).toBe(mcnemarByBigInt(24, 26));
  });

  it("agrees with exact integer arithmetic for every b, c up to 40", () => {
    for (let b = 0; b <= 40; b += 1) {
      for (let c = 0; c <= 40; c += 1) {
        const expected = mcnemarByBigInt(b, c);
        const actual = mcnemarExactPValue(b, c);
        expect(Math.abs(actual - expected) / expected, `b=${b} c=${c}`).toBeLessThan(1e-13);
      }
    }
  });

  // Reference values: the same sum in Python's exact integers, divided at 50 digits (mpmath);
  // scipy.stats.binomtest agrees to its own ~1e-13.
  it.each([
    [10, 1000, 5.359574874624727e-281],
    [0, 1000, 1.8665272370064378e-301],
    [100, 130, 0.055613577781392386],
    [4990, 5010, 0.8493103266373204],
    [12345, 12000, 0.027471663212771776],
    [49000, 51000, 2.588716038346898e-10],
    [49500, 50500, 0.0015823598788515956],
    [49900, 50100, 0.5291572940801932],
  ])("stays accurate for large counts: b=%i c=%i", (b, c, expected) => {
    expect(Math.abs(mcnemarExactPValue(b, c) - expected) / expected).toBeLessThan(1e-12);
  });

  it("is 1 when the discordant pairs split evenly or there are none", () => {
    expect(mcnemarExactPValue(0, 0)).toBe(1);
    expect(mcnemarExactPValue(3, 3)).toBe(1);
    expect(mcnemarExactPValue(50_000, 50_000)).toBe(1);
    expect(mcnemarExactPValue(4, 5)).toBe(1);
  });

  it("underflows to 0 only below the smallest double, never to NaN", () => {
    expect(mcnemarExactPValue(0, 2000)).toBe(0);
    expect(mcnemarExactPValue(0, 1)).toBe(1);
  });

  it("refuses counts that are not non-negative integers", () => {
    expect(() => mcnemarExactPValue(-1, 3)).toThrow(RangeError);
    expect(() => mcnemarExactPValue(1.5, 3)).toThrow(RangeError);
  });
});

describe("pairedDifferenceInterval (Newcombe's method 10)", () => {
  it("matches published values", () => {
    // Cavo et al. (2012) in Fagerland, Lydersen & Laake, "Statistical Analysis of Contingency
    // Tables" (2017), ch. 8, and the tests of their R package contingencytables: the table
    // [[59, 6], [16, 80]], estimate −0.0621, Newcombe square-and-add 95% CI −0.1186 to −0.0046.
    // B is the table's rows (59 + 6 right), A its columns (59 + 16 right).
    const interval = pairedDifferenceInterval(counts(59, 16, 6, 80));
    expect(pairedFigures(counts(59, 16, 6, 80)).difference).toBeCloseTo(-0.0621, 4);
    expect(interval.low).toBeCloseTo(-0.1186, 4);
    expect(interval.high).toBeCloseTo(-0.0046, 4);
  });

  it("agrees with a separate computation of the formula", () => {
    // Bentur et al. (2009), [[1, 1], [7, 12]]: values of a Python port of contingencytables'
    // Newcombe_square_and_add_CI_paired_2x2 with scipy's normal quantile.
    const bentur = pairedDifferenceInterval(counts(1, 7, 1, 12));
    expect(bentur.low).toBeCloseTo(-0.506920226686141, 12);
    expect(bentur.high).toBeCloseTo(-0.02555912416485978, 12);
    const a = pairedDifferenceInterval(counts(12, 2, 9, 21));
    expect(a.low).toBeCloseTo(0.011242503551198435, 12);
    expect(a.high).toBeCloseTo(0.29537178064660924, 12);
  });

  it("approaches the Wald interval for large samples", () => {
    const c = counts(40_000, 3_000, 3_500, 53_500);
    const n = 100_000;
    const difference = (3_500 - 3_000) / n;
    const se = Math.sqrt(3_000 + 3_500 - (3_500 - 3_000) ** 2 / n) / n;
    const interval = pairedDifferenceInterval(c);
    expect(interval.low).toBeCloseTo(difference - Z_95 * se, 4);
    expect(interval.high).toBeCloseTo(difference + Z_95 * se, 4);
  });

  it("negates when A and B swap", () => {
    const forward = pairedDifferenceInterval(counts(30, 4, 11, 15));
    const backward = pairedDifferenceInterval(counts(30, 11, 4, 15));
    expect(backward.low).toBeCloseTo(-forward.high, 14);
    expect(backward.high).toBeCloseTo(-forward.low, 14);
  });

  it("is the whole range with no pairs", () => {
    expect(pairedDifferenceInterval(counts(0, 0, 0, 0))).toEqual({ low: -1, high: 1 });
  });

  it("is not zero-width when every pair agrees, and holds 0", () => {
    const interval = pairedDifferenceInterval(counts(70, 0, 0, 30));
    expect(interval.low).toBeLessThan(0);
    expect(interval.high).toBeGreaterThan(0);
    expect(interval.high).toBeLessThan(0.1);
  });

  it("stays inside [−1, 1] at the extremes (an empty margin makes φ 0)", () => {
    const allForB = pairedDifferenceInterval(counts(0, 0, 20, 0));
    expect(allForB.high).toBeLessThanOrEqual(1);
    expect(allForB.low).toBeGreaterThan(0.5);
    const allForA = pairedDifferenceInterval(counts(0, 1, 0, 0));
    expect(allForA.low).toBeGreaterThanOrEqual(-1);
    expect(allForA.high).toBeGreaterThan(0);
  });
});

describe("pairedFigures", () => {
  it("reports accuracies on the pairs, B − A, the interval and McNemar's p", () => {
    const figures = pairedFigures(counts(59, 16, 6, 80));
    expect(figures.pairs).toBe(161);
    expect(figures.accuracyA).toBeCloseTo(75 / 161, 14);
    expect(figures.accuracyB).toBeCloseTo(65 / 161, 14);
    expect(figures.difference).toBeCloseTo(-10 / 161, 14);
    expect(figures.pValue).toBeCloseTo(0.052478790283203125, 14);
  });

  it("says nothing is known with no pairs", () => {
    expect(pairedFigures(counts(0, 0, 0, 0))).toEqual({
      pairs: 0,
      accuracyA: 0,
      accuracyB: 0,
      difference: 0,
      differenceInterval: { low: -1, high: 1 },
      pValue: 1,
    });
  });

  it("finds no difference when every pair agrees", () => {
    const figures = pairedFigures(counts(8, 0, 0, 2));
    expect(figures.difference).toBe(0);
    expect(figures.pValue).toBe(1);
    expect(figures.accuracyA).toBe(0.8);
    expect(figures.accuracyB).toBe(0.8);
  });
});
