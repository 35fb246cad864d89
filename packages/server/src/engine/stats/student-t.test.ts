import { describe, expect, it } from "vitest";
import { tQuantile975 } from "./mean-interval.ts";
import { tTwoSidedPValue } from "./student-t.ts";

describe("tTwoSidedPValue", () => {
  // References: scipy 1.17.1, 2 * scipy.stats.t.sf(abs(t), df).
  it.each([
    [2.0, 5, 0.10193947882985835],
    [0.5, 1, 0.7048327646991335],
    [1.96, 1000, 0.050273184955748736],
    [3.5, 12, 0.004381869431748154],
    [0.0, 7, 1.0],
    [10, 3, 0.0021283990584141503],
    [-3.5, 12, 0.004381869431748154],
  ])("t = %s, df = %s is %s as scipy gives it", (t, df, p) => {
    expect(tTwoSidedPValue(t, df)).toBeCloseTo(p, 12);
  });

  it("is 0.05 exactly at the 97.5% quantile the intervals use, so verdict and interval agree", () => {
    for (const df of [1, 2, 5, 10, 29, 30, 31, 100, 5000])
      expect(tTwoSidedPValue(tQuantile975(df), df)).toBeCloseTo(0.05, 8);
  });
});
