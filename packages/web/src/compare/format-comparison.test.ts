import type { PairedStats } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import {
  headlineTone,
  limitPoints,
  methodNames,
  signedPoints,
  verdictSentence,
} from "./format-comparison.ts";

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
  method: "mcnemar_tango",
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

  it("prints a limit beside 0 with the decimals that show its side", () => {
    expect(limitPoints(0.0004)).toBe("+0.04");
    expect(limitPoints(-0.000004)).toBe("−0.0004");
    expect(limitPoints(0.123)).toBe("+12.3");
    expect(limitPoints(0)).toBe("0.0");
    expect(
      verdictSentence(stats({ difference: 0.2, difference_interval: { low: 0.0003, high: 0.4 } })),
    ).toBe("B is better: +20.0 points [+0.03, +40.0], p = 0.006");
    expect(
      verdictSentence(
        stats({ significant: false, difference_interval: { low: -0.0002, high: 0.4 } }),
      ),
    ).toBe("no detectable difference: the interval spans −0.02 to +40.0 points");
  });
});

describe("headlineTone and methodNames", () => {
  it("colours the headline by the same flag as its words", () => {
    expect(headlineTone(stats({}))).toBe("significant");
    expect(headlineTone(stats({ significant: false }))).toBe("inconclusive");
    expect(headlineTone(stats({ pairs: 0 }))).toBe("inconclusive");
  });

  it("names the interval and the test of the method", () => {
    expect(methodNames("mcnemar_tango")).toEqual({
      interval: "Tango score interval",
      test: "McNemar score test",
      relation: "which inverts the test",
      p: "McNemar p",
    });
    expect(methodNames("paired_t").interval).toBe("paired t interval on per-prompt means");
  });
});
