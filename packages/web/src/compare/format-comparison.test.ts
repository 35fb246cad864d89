import type { PairedStats } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { signedPoints, verdictSentence } from "./format-comparison.ts";

const stats = (patch: Partial<PairedStats>): PairedStats => ({
  pairs: 100,
  both_correct: 50,
  both_wrong: 30,
  only_1_correct: 5,
  only_2_correct: 15,
  accuracy_1: 0.55,
  accuracy_2: 0.65,
  difference: 0.1,
  difference_interval: { low: 0.012, high: 0.07 },
  p_value: 0.0059,
  significant: true,
  verdict: "",
  ...patch,
});

describe("verdictSentence", () => {
  it("names the better one with its lead, interval and p", () => {
    expect(verdictSentence(stats({ difference: 0.041 }))).toBe(
      "B is better: +4.1 points [+1.2, +7.0], p = 0.006",
    );
    expect(
      verdictSentence(
        stats({ difference: -0.041, difference_interval: { low: -0.07, high: -0.012 } }),
      ),
    ).toBe("A is better: +4.1 points [+1.2, +7.0], p = 0.006");
  });

  it("says when the interval admits no difference", () => {
    expect(
      verdictSentence(
        stats({ significant: false, difference_interval: { low: -0.02, high: 0.031 } }),
      ),
    ).toBe("no detectable difference: the interval spans −2.0 to +3.1 points");
    expect(verdictSentence(stats({ pairs: 0 }))).toMatch(/^nothing to compare yet/);
  });

  it("writes points with a real minus and no negative zero", () => {
    expect(signedPoints(-0.0001)).toBe("0.0");
    expect(signedPoints(-0.25)).toBe("−25.0");
  });
});
