import { describe, expect, it } from "vitest";
import { formatPValue, pValueNumber, Z_95 } from "./statistics.ts";

describe("p-values as every side words them", () => {
  it("never rounds p onto the other side of 0.05", () => {
    expect(formatPValue(0.0499)).toBe("p = 0.0499");
    expect(formatPValue(0.04996)).toBe("p = 0.04996");
    expect(formatPValue(0.0504)).toBe("p = 0.050");
    expect(formatPValue(0.05)).toBe("p = 0.050");
    expect(formatPValue(0.032)).toBe("p = 0.032");
    expect(formatPValue(0.41)).toBe("p = 0.41");
    expect(formatPValue(0.0004)).toBe("p < 0.001");
    expect(pValueNumber(0.0004)).toBe("< 0.001");
    expect(pValueNumber(0.0499)).toBe("0.0499");
  });
});

describe("the 95% normal quantile", () => {
  it("leaves 2.5% in each tail", () => {
    // Φ(z) by the Abramowitz–Stegun 7.1.26 erf approximation (|error| < 1.5e-7).
    const x = Z_95 / Math.SQRT2;
    const t = 1 / (1 + 0.3275911 * x);
    const poly =
      t *
      (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    const phi = 0.5 * (1 + (1 - poly * Math.exp(-x * x)));
    expect(phi).toBeCloseTo(0.975, 6);
  });
});
