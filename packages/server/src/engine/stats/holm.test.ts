import { describe, expect, it } from "vitest";
import { holmAdjust } from "./holm.ts";

describe("holmAdjust", () => {
  it("multiplies the i-th smallest by m − i, keeps the order monotone, and answers in input order", () => {
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    expect(adjusted[0]).toBeCloseTo(0.03, 15);
    expect(adjusted[1]).toBeCloseTo(0.06, 15);
    expect(adjusted[2]).toBeCloseTo(0.06, 15);
    expect(adjusted[3]).toBeCloseTo(0.02, 15);
  });

  it("caps at 1, leaves a single p-value alone, and accepts none", () => {
    expect(holmAdjust([0.6, 0.7])).toEqual([1, 1]);
    expect(holmAdjust([0.2])).toEqual([0.2]);
    expect(holmAdjust([])).toEqual([]);
  });

  it("refuses what is not a probability", () => {
    expect(() => holmAdjust([0.1, Number.NaN])).toThrow(RangeError);
    expect(() => holmAdjust([1.5])).toThrow("p-values must lie in [0, 1] (got 1.5)");
  });
});
