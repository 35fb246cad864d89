import { describe, expect, it } from "vitest";
import { agreement } from "../stats/index.ts";
import { compareGoals, isImprovement, pickBest } from "./selection.ts";

/** Figures of `right` agreements out of `n`, with both labels present. */
const figures = (right: number, n: number) =>
  agreement(
    Array.from({ length: n }, (_, i) => ({
      human: i % 2 === 0,
      judge: i < right ? i % 2 === 0 : i % 2 !== 0,
    })),
  );

describe("selection", () => {
  it("prefers training accuracy, then κ, then the shorter goal", () => {
    const a = { goal: "a long goal text", training: figures(8, 10) };
    const b = { goal: "short goal", training: figures(9, 10) };
    expect(pickBest([a, b])).toBe(b);
    const c = { goal: "shorter", training: figures(9, 10) };
    expect(pickBest([a, b, c])).toBe(c);
    // Same accuracy, higher κ wins over the shorter goal.
    const balanced = agreement([
      { human: true, judge: true },
      { human: false, judge: false },
      { human: true, judge: false },
      { human: false, judge: true },
    ]);
    const skewed = agreement([
      { human: true, judge: true },
      { human: true, judge: true },
      { human: true, judge: false },
      { human: false, judge: true },
    ]);
    expect(balanced.accuracy).toBe(skewed.accuracy);
    expect(
      compareGoals({ goal: "x".repeat(50), training: balanced }, { goal: "x", training: skewed }),
    ).toBeLessThan(0);
    expect(pickBest([])).toBeUndefined();
  });

  it("calls it an improvement only with strictly more held-out agreements", () => {
    expect(isImprovement(figures(8, 10), figures(7, 10))).toBe(true);
    expect(isImprovement(figures(7, 10), figures(7, 10))).toBe(false);
    expect(isImprovement(figures(6, 10), figures(7, 10))).toBe(false);
  });
});
