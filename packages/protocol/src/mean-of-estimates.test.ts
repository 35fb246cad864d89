import { describe, expect, it } from "vitest";
import { meanOfEstimates } from "./mean-of-estimates.ts";

describe("meanOfEstimates", () => {
  it("adds the half-widths in quadrature over k, each side on its own", () => {
    const figures = meanOfEstimates([
      { value: 0.8, low: 0.7, high: 0.9 },
      { value: 0.6, low: 0.5, high: 0.75 },
    ]);
    expect(figures?.mean).toBeCloseTo(0.7);
    expect(figures?.low).toBeCloseTo(0.7 - Math.SQRT2 * 0.05);
    expect(figures?.high).toBeCloseTo(0.7 + Math.sqrt(0.1 ** 2 + 0.15 ** 2) / 2);
  });

  it("stays within 0–1, and has nothing to say of no estimates", () => {
    const figures = meanOfEstimates([{ value: 0.99, low: 0.5, high: 1.5 }]);
    expect(figures?.high).toBe(1);
    expect(meanOfEstimates([{ value: 0.01, low: -0.5, high: 0.1 }])?.low).toBe(0);
    expect(meanOfEstimates([])).toBeUndefined();
  });
});
