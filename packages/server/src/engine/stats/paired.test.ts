import { Z_95 } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import {
  mcnemarExactPValue,
  mcnemarScorePValue,
  type PairedCounts,
  pairedDifferenceInterval,
  pairedFigures,
} from "./paired.ts";

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

// Reference values: scipy 1.17.1 / statsmodels 0.15.0. The p-values are
// statsmodels.stats.contingency_tables.mcnemar([[0, b], [c, 0]], exact=False, correction=False)
// .pvalue; the limits are a Python port of contingencytables' (R) Tango_asymptotic_score_CI_paired_2x2
// solved with scipy.optimize.brentq(xtol=1e-15) at z = scipy.stats.norm.ppf(0.975).
// Rows: both right, only A right, only B right, both wrong, low, high, p.
const TANGO_REFERENCES: [number, number, number, number, number, number, number][] = [
  // The review's table: exact p = 0.0625 beside a Newcombe interval of +3.3 to +42.7 points.
  [7, 0, 5, 8, 0.04859355243397575, 0.468700877618744, 0.025347318677468325],
  // Cavo et al. (2012) and Bentur et al. (2009), Fagerland, Lydersen & Laake's examples.
  [59, 16, 6, 80, -0.12402343246406815, -0.005433395731677088, 0.0330062576612325],
  [1, 7, 1, 12, -0.5172322764213774, -0.026003032480868608, 0.033894853524689295],
  [12, 2, 9, 21, 0.013176674090853182, 0.31160671035770277, 0.03480847881186725],
  [28, 2, 10, 0, 0.03474348700603336, 0.3663163142208073, 0.020921335337794035],
  [70, 0, 0, 30, -0.03699349820698567, 0.03699349820698568, 1],
  [0, 0, 20, 0, 0.6777496838943612, 1, 7.744216431044088e-6],
  [0, 1, 0, 0, -1, 0.5869013712455252, 0.31731050786291115],
  [0, 0, 0, 1, -0.7934506856227626, 0.7934506856227626, 1],
  [3, 0, 4, 0, 0.014623602038062674, 0.8417801447485304, 0.04550026389635857],
  [0, 3, 0, 0, -1, 0.12299406351009097, 0.08326451666355042],
  // Random tables, n 20–1,000 (numpy default_rng(28)).
  [220, 3, 9, 441, -0.0013832541660604486, 0.021311420398203162, 0.08326451666355042],
  [740, 4, 80, 31, 0.07018606052281331, 0.11071997820827019, 1.1109818509361294e-16],
  [120, 39, 4, 23, -0.2558013033138744, -0.12711972149871495, 9.426290530279944e-8],
  [124, 356, 119, 372, -0.284924491863544, -0.2024424486143043, 1.5281462286895655e-27],
  [217, 46, 46, 223, -0.03580869435933406, 0.03580869435933406, 1],
];

describe("mcnemarScorePValue", () => {
  it.each(TANGO_REFERENCES)("gives statsmodels' p for %i %i %i %i", (_a, b, c, _d, _l, _h, p) => {
    expect(Math.abs(mcnemarScorePValue(b, c) - p) / p).toBeLessThan(1e-12);
  });

  it("is 1 with no discordant pair and refuses counts that are not counts", () => {
    expect(mcnemarScorePValue(0, 0)).toBe(1);
    expect(() => mcnemarScorePValue(-1, 2)).toThrow(RangeError);
  });
});

describe("pairedDifferenceInterval (Tango's score interval)", () => {
  it.each(TANGO_REFERENCES)("matches the reference for %i %i %i %i", (a, b, c, d, low, high) => {
    const interval = pairedDifferenceInterval(counts(a, b, c, d));
    expect(interval.low).toBeCloseTo(low, 12);
    expect(interval.high).toBeCloseTo(high, 12);
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

  it("is ±z²/(n + z²) when every pair agrees, like Wilson's at 0/n", () => {
    for (const [right, wrong] of [
      [70, 30],
      [10, 0],
      [0, 10],
      [1, 0],
    ] as const) {
      const n = right + wrong;
      const interval = pairedDifferenceInterval(counts(right, 0, 0, wrong));
      expect(interval.high).toBeCloseTo(Z_95 ** 2 / (n + Z_95 ** 2), 12);
      expect(interval.low).toBeCloseTo(-interval.high, 12);
    }
  });

  it("reaches past the estimate when every discordant pair favours one side", () => {
    // 5 of 5 discordant pairs for B: 25 points observed, more not ruled out.
    const interval = pairedDifferenceInterval(counts(7, 0, 5, 8));
    expect(interval.high).toBeGreaterThan(0.25 + 0.2);
    expect(pairedDifferenceInterval(counts(0, 0, 20, 0)).high).toBe(1);
    expect(pairedDifferenceInterval(counts(0, 20, 0, 0)).low).toBe(-1);
  });
});

describe("pairedFigures", () => {
  it("reports accuracies on the pairs, B − A, the interval, McNemar's score p and the method", () => {
    const figures = pairedFigures(counts(59, 16, 6, 80));
    expect(figures.pairs).toBe(161);
    expect(figures.accuracyA).toBeCloseTo(75 / 161, 14);
    expect(figures.accuracyB).toBeCloseTo(65 / 161, 14);
    expect(figures.difference).toBeCloseTo(-10 / 161, 14);
    expect(figures.pValue).toBeCloseTo(0.0330062576612325, 14);
    expect(figures.significant).toBe(true);
    expect(figures.method).toBe("mcnemar_tango");
  });

  it("says nothing is known with no pairs", () => {
    expect(pairedFigures(counts(0, 0, 0, 0))).toEqual({
      pairs: 0,
      accuracyA: 0,
      accuracyB: 0,
      difference: 0,
      differenceInterval: { low: -1, high: 1 },
      pValue: 1,
      significant: false,
      method: "mcnemar_tango",
    });
  });

  it("finds no difference when every pair agrees", () => {
    const figures = pairedFigures(counts(8, 0, 0, 2));
    expect(figures.difference).toBe(0);
    expect(figures.pValue).toBe(1);
    expect(figures.significant).toBe(false);
    expect(figures.accuracyA).toBe(0.8);
    expect(figures.accuracyB).toBe(0.8);
  });

  it("calls the review's table significant, with an interval above 0", () => {
    const figures = pairedFigures(counts(7, 0, 5, 8));
    expect(figures.significant).toBe(true);
    expect(figures.differenceInterval.low).toBeGreaterThan(0);
  });
});
