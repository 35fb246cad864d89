import { describe, expect, it } from "vitest";
import { agreement } from "../stats/index.ts";
import type { JudgeVerdict, LabeledTrace } from "./measure-goal.ts";
import { compareGoals, pickBest, testHeldOut } from "./selection.ts";

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
});

/**
 * `n` held-out labels (alternating pass, fail) with the original goal's and the candidate's
 * verdicts: the candidate alone right on `gained` of them, the original alone on `lost`, both
 * right on the rest.
 */
function heldOut(n: number, gained: number, lost: number) {
  const items: LabeledTrace[] = Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    passed: i % 2 === 0,
    renderedTrace: "",
  }));
  const verdict = (passed: boolean | null): JudgeVerdict => ({ passed, reasoning: "" });
  const original = new Map<string, JudgeVerdict>();
  const candidate = new Map<string, JudgeVerdict>();
  items.forEach((item, i) => {
    const right = verdict(item.passed);
    const wrong = verdict(!item.passed);
    original.set(item.id, i < gained ? wrong : right);
    candidate.set(item.id, i >= gained && i < gained + lost ? wrong : right);
  });
  return { items, original, candidate };
}

// Reference p-values: scipy 1.17.1, scipy.stats.binomtest(min(gained, lost), gained + lost, 0.5).
describe("testHeldOut", () => {
  it.each([
    // One extra agreement is not an improvement.
    [10, 1, 0, 1, false],
    [12, 5, 0, 0.0625, false],
    // Six gained and none lost is the least a clean sweep needs.
    [12, 6, 0, 0.03125, true],
    [20, 7, 1, 0.0703125, false],
    [20, 9, 1, 0.021484375, true],
    [12, 2, 2, 1, false],
    [12, 0, 3, 0.25, false],
  ] as const)("n %i, %i gained, %i lost: p %d, improved %s", (n, gained, lost, p, improved) => {
    const { items, original, candidate } = heldOut(n, gained, lost);
    expect(testHeldOut(items, original, candidate)).toEqual({
      onlyCandidate: gained,
      onlyOriginal: lost,
      pValue: p,
      improved,
    });
  });

  it("counts a trace without a usable verdict as a disagreement", () => {
    const { items, original, candidate } = heldOut(12, 6, 0);
    original.set("t11", { passed: null, reasoning: "no usable verdict" });
    original.delete("t10");
    expect(testHeldOut(items, original, candidate)).toMatchObject({
      onlyCandidate: 8,
      onlyOriginal: 0,
      improved: true,
    });
  });

  it("finds nothing to compare on an empty held-out set", () => {
    expect(testHeldOut([], new Map(), new Map())).toEqual({
      onlyCandidate: 0,
      onlyOriginal: 0,
      pValue: 1,
      improved: false,
    });
  });
});
