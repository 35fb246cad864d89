import { Z_95 } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { standardError, wilsonInterval } from "./proportion.ts";

/**
 * The Wilson bounds computed independently: they are the roots p of (p̂ − p)² = z²·p(1 − p)/n,
 * i.e. (1 + z²/n)·p² − (2p̂ + z²/n)·p + p̂² = 0, solved with the quadratic formula.
 */
function wilsonByQuadratic(successes: number, n: number, z = Z_95) {
  const phat = successes / n;
  const a = 1 + (z * z) / n;
  const b = -(2 * phat + (z * z) / n);
  const c = phat * phat;
  const root = Math.sqrt(b * b - 4 * a * c);
  return { low: (-b - root) / (2 * a), high: (-b + root) / (2 * a) };
}

describe("wilsonInterval", () => {
  it.each([
    [0, 10],
    [10, 10],
    [50, 100],
    [1, 3],
    [81, 263],
    [7, 20],
    [999, 1000],
  ])("agrees with the quadratic closed form for %i/%i", (successes, n) => {
    const interval = wilsonInterval(successes, n);
    const expected = wilsonByQuadratic(successes, n);
    expect(interval.low).toBeCloseTo(Math.max(0, expected.low), 12);
    expect(interval.high).toBeCloseTo(Math.min(1, expected.high), 12);
  });

  it("matches published values", () => {
    // 50/100: the symmetric textbook case.
    const half = wilsonInterval(50, 100);
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
    // 81/263: the worked example in Wikipedia's "Binomial proportion confidence interval".
    const example = wilsonInterval(81, 263);
    expect(example.low).toBeCloseTo(0.2553, 4);
    expect(example.high).toBeCloseTo(0.3662, 4);
    // 1/3 and 0/10, as R's binom.confint(method = "wilson") gives them.
    const third = wilsonInterval(1, 3);
    expect(third.low).toBeCloseTo(0.0615, 4);
    expect(third.high).toBeCloseTo(0.7923, 4);
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.2775, 4);
  });

  it("is exactly 0 or 1 at the ends, never zero-width", () => {
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.any(Number) });
    expect(wilsonInterval(0, 10).high).toBeGreaterThan(0.2);
    expect(wilsonInterval(10, 10)).toEqual({ low: expect.any(Number), high: 1 });
    expect(wilsonInterval(10, 10).low).toBeCloseTo(1 - 0.2775, 4);
  });

  it("spans the whole range when there are no trials", () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("narrows as n grows and widens with z", () => {
    const small = wilsonInterval(5, 10);
    const large = wilsonInterval(500, 1000);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    const z99 = wilsonInterval(50, 100, 2.5758293035489);
    expect(z99.low).toBeLessThan(0.4038);
    expect(z99.high).toBeGreaterThan(0.5962);
  });

  it("refuses impossible counts", () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(1, Number.NaN)).toThrow(RangeError);
  });
});

describe("standardError", () => {
  it("is sqrt(p(1-p)/n)", () => {
    expect(standardError(75, 100)).toBeCloseTo(0.0433, 4);
    expect(standardError(50, 100)).toBeCloseTo(0.05, 12);
    expect(standardError(1, 3)).toBeCloseTo(Math.sqrt((1 / 3) * (2 / 3) * (1 / 3)), 12);
  });

  it("is 0 with no trials and at the ends", () => {
    expect(standardError(0, 0)).toBe(0);
    expect(standardError(0, 10)).toBe(0);
    expect(standardError(10, 10)).toBe(0);
  });
});
