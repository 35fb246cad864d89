import { Z_95 } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { normalTwoSidedP } from "./normal-tail.ts";

describe("normalTwoSidedP", () => {
  // scipy 1.17.1: 2 * scipy.stats.norm.sf(z).
  it.each([
    [0.5, 0.6170750774519738],
    [1, 0.31731050786291415],
    [1.5, 0.13361440253771614],
    [Math.sqrt(3), 0.0832645166635504],
    [Z_95, 0.05],
    [2, 0.04550026389635839],
    [Math.sqrt(5), 0.025347318677468252],
    [3, 0.0026997960632601866],
    [5, 5.733031437583866e-7],
    [10, 1.523970604832094e-23],
    [20, 5.507248237212311e-89],
    [37, 1.1451142445047853e-299],
  ])("matches scipy at z = %d, either sign", (z, p) => {
    // e^(−z²/2) carries a relative rounding of about z²/2 ulps: 7e-14 at z = 37.
    expect(Math.abs(normalTwoSidedP(z) - p) / p).toBeLessThan(Math.max(1e-14, z * z * 1e-16));
    expect(normalTwoSidedP(-z)).toBe(normalTwoSidedP(z));
  });

  it("is 1 at 0, 0 far out, and falls steadily across the switch between its expansions", () => {
    expect(normalTwoSidedP(0)).toBe(1);
    expect(normalTwoSidedP(40)).toBe(0);
    expect(normalTwoSidedP(Infinity)).toBe(0);
    let previous = 1;
    for (let z = 0.01; z < 8; z += 0.01) {
      const p = normalTwoSidedP(z);
      expect(p).toBeLessThan(previous);
      previous = p;
    }
    expect(() => normalTwoSidedP(Number.NaN)).toThrow(RangeError);
  });
});
