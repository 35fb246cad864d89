import { meanInterval } from "@assay/test-kit/mean-interval.ts";
import { describe, expect, it } from "vitest";
import { tQuantile975 } from "./mean-interval.ts";
import { wilsonInterval } from "./proportion.ts";
import { createScorerTally, type ScorerGrade } from "./scorer-stats.ts";

/** 10,000 grades between 0.3 and 0.4. */
const longRun = Array.from({ length: 10_000 }, (_, i) => 0.3 + ((i * 7919) % 101) / 1000);

/** A scorer's figures over a list of grades, as finalizing tallies them from the result rows. */
function scorerFigures(grades: Iterable<ScorerGrade>) {
  const tally = createScorerTally();
  for (const grade of grades) tally.add(grade);
  return tally.figures();
}

describe("tQuantile975", () => {
  it("matches the closed forms for 1 and 2 degrees of freedom", () => {
    // t with 1 df is Cauchy: tan(π(p − ½)); with 2 df: (2p − 1) / √(2p(1 − p)).
    expect(tQuantile975(1)).toBeCloseTo(Math.tan(Math.PI * 0.475), 8);
    expect(tQuantile975(2)).toBeCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), 8);
  });

  it("continues the table smoothly past 30 and tends to the normal quantile", () => {
    expect(tQuantile975(31)).toBeLessThan(tQuantile975(30));
    expect(tQuantile975(31)).toBeCloseTo(2.039513446, 6);
    expect(tQuantile975(120)).toBeCloseTo(1.979930405, 6);
    expect(tQuantile975(1_000_000)).toBeCloseTo(1.959963985, 5);
  });

  it("refuses a degree of freedom below 1", () => {
    expect(() => tQuantile975(0)).toThrow(RangeError);
  });
});

describe("meanInterval, the tests' reference", () => {
  // scipy 1.17.1: scipy.stats.t.interval(0.95, n - 1, loc=mean, scale=stdev(ddof=1) / sqrt(n)).
  it("gives scipy's t interval", () => {
    const cases: [number[], number, number][] = [
      [[0.25, 0.5, 0.75, 0.5], 0.17519293409372227, 0.8248070659062777],
      [[0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75], 0.28853886244137966, 0.7828897089871918],
      [longRun, 0.34942342399962334, 0.35056657600037666],
    ];
    for (const [values, low, high] of cases) {
      expect(meanInterval(values).low).toBeCloseTo(low, 12);
      expect(meanInterval(values).high).toBeCloseTo(high, 12);
    }
  });

  it("is mean ± t·s/√n", () => {
    // mean 0.5, sample sd 0.2582, n 4: half-width 3.182446305 · 0.2582 / 2.
    const values = [0.25, 0.5, 0.75, 0.5];
    const sd = Math.sqrt((0.0625 + 0 + 0.0625 + 0) / 3);
    const half = (3.182446305 * sd) / 2;
    const ci = meanInterval(values);
    expect(ci.low).toBeCloseTo(0.5 - half, 9);
    expect(ci.high).toBeCloseTo(0.5 + half, 9);
  });

  it("is clipped to the scale, and the whole scale with fewer than two values", () => {
    expect(meanInterval([0.9, 1, 1, 0.95]).high).toBe(1);
    expect(meanInterval([0.4])).toEqual({ low: 0, high: 1 });
  });
});

describe("scorerFigures", () => {
  it("gives a pass/fail scorer its pass rate with Wilson's interval", () => {
    const grades = [1, 1, 0, 1].map((score) => ({ score, passed: score === 1 }));
    expect(scorerFigures(grades)).toEqual({
      mean: 0.75,
      ci95: wilsonInterval(3, 4),
      interval: "wilson",
      pass_rate: 0.75,
      n: 4,
      failed: 0,
    });
  });

  it("gives a graded scorer Student's t interval, and counts failures without averaging them", () => {
    const figures = scorerFigures([
      { score: 0.25, passed: false },
      { score: null, passed: null },
      { score: 0.75, passed: true },
    ]);
    expect(figures).toMatchObject({ mean: 0.5, interval: "t", pass_rate: 0.5, n: 2, failed: 1 });
    expect(figures.ci95?.low).toBeCloseTo(meanInterval([0.25, 0.75]).low, 12);
    expect(figures.ci95?.high).toBeCloseTo(meanInterval([0.25, 0.75]).high, 12);
  });

  // The production quantile table holds 9 decimals: its intervals agree with scipy's to ~1e-10.
  it("gives a graded scorer scipy's t interval", () => {
    for (const scores of [
      [0.25, 0.5, 0.75, 0.5],
      [0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75],
    ]) {
      const figures = scorerFigures(scores.map((score) => ({ score, passed: score >= 0.5 })));
      expect(figures.ci95?.low).toBeCloseTo(meanInterval(scores).low, 9);
      expect(figures.ci95?.high).toBeCloseTo(meanInterval(scores).high, 9);
    }
  });

  it("tallies a long run in one pass to the two-pass figures", () => {
    const scores = longRun;
    const figures = scorerFigures(scores.map((score) => ({ score, passed: score >= 0.35 })));
    const twoPass = meanInterval(scores);
    expect(figures.mean).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 12);
    expect(figures.ci95?.low).toBeCloseTo(twoPass.low, 12);
    expect(figures.ci95?.high).toBeCloseTo(twoPass.high, 12);
  });

  it("has no mean when every grade failed", () => {
    expect(scorerFigures([{ score: null, passed: null }])).toEqual({
      mean: null,
      ci95: null,
      interval: "wilson",
      pass_rate: null,
      n: 0,
      failed: 1,
    });
  });
});

// Reference values: Python with scipy 1.17.1. With q = z²/(n + z²), z = scipy.stats.norm.ppf(0.975),
// the interval is [min(t_low, m − q·m), max(t_high, m + q·(1 − m))] clipped to [0, 1], where
// (t_low, t_high) = scipy.stats.t.interval(0.95, n − 1, loc=m, scale=stdev(ddof=1)/√n) (the mean
// m itself when every grade is equal).
describe("scorerFigures never claims certainty from equal grades", () => {
  const graded = (scores: number[]) =>
    scorerFigures(scores.map((score) => ({ score, passed: score >= 0.5 })));

  it.each([
    ["ten grades of 0.5", Array(10).fill(0.5), 0.3612336000685554, 0.6387663999314446],
    ["three grades of 0.8", Array(3).fill(0.8), 0.35080237459596364, 0.9122994063510091],
    ["two grades of 0.5", [0.5, 0.5], 0.17119011375332654, 0.8288098862466735],
    // One slight outlier: the t interval alone would be ±0.0002.
    [
      "99 × 0.5 and one 0.51",
      [...Array(99).fill(0.5), 0.51],
      0.48159955154668643,
      0.5185930497536722,
    ],
  ])("%s", (_name, scores, low, high) => {
    const figures = graded(scores);
    expect(figures.interval).toBe("t");
    expect(figures.ci95?.low).toBeCloseTo(low, 12);
    expect(figures.ci95?.high).toBeCloseTo(high, 12);
  });

  it("leaves a sample with real spread to the t interval", () => {
    const scores = [0.25, 0.5, 0.75, 0.5];
    expect(graded(scores).ci95?.low).toBeCloseTo(0.17519293409372227, 9);
    expect(graded(scores).ci95?.high).toBeCloseTo(0.8248070659062777, 9);
  });

  it("knows nothing from one grade, and has no mean with none", () => {
    expect(graded([0.5]).ci95).toEqual({ low: 0, high: 1 });
    expect(graded([]).ci95).toBeNull();
  });

  it("gives all right and all wrong Wilson's interval, never zero-width", () => {
    expect(graded([1, 1, 1, 1, 1])).toMatchObject({ interval: "wilson", mean: 1 });
    expect(graded([1, 1, 1, 1, 1]).ci95).toEqual(wilsonInterval(5, 5));
    expect(graded([1, 1, 1, 1, 1]).ci95?.low).toBeLessThan(1);
    expect(graded([0, 0, 0]).ci95).toEqual(wilsonInterval(0, 3));
    expect(graded([0, 0, 0]).ci95?.high).toBeGreaterThan(0);
  });

  it("is never zero-width for any constant grade and sample size", () => {
    for (const grade of [0.01, 0.2, 0.5, 0.99])
      for (const n of [2, 3, 10, 100, 10_000]) {
        const { ci95 } = graded(Array(n).fill(grade));
        expect(ci95!.low).toBeLessThan(grade);
        expect(ci95!.high).toBeGreaterThan(grade);
      }
  });
});
