import { describe, expect, it } from "vitest";
import { plannedCalls } from "./plan.ts";
import { heldOutCount, splitAnnotations, splitSizes } from "./split.ts";

const items = (passed: number, failed: number) => [
  ...Array.from({ length: passed }, (_, i) => ({ id: `p${i}`, passed: true })),
  ...Array.from({ length: failed }, (_, i) => ({ id: `f${i}`, passed: false })),
];

describe("splitAnnotations", () => {
  it("holds out about 30% of each label, every item exactly once", () => {
    const all = items(20, 14);
    const { training, heldOut } = splitAnnotations(all, "run-1");
    expect(heldOut.filter((i) => i.passed)).toHaveLength(6);
    expect(heldOut.filter((i) => !i.passed)).toHaveLength(4);
    expect(training).toHaveLength(24);
    expect([...training, ...heldOut].map((i) => i.id).sort()).toEqual(all.map((i) => i.id).sort());
  });

  it("is fixed by the seed, whatever the input order; another seed splits differently", () => {
    const all = items(15, 15);
    const a = splitAnnotations(all, "run-1");
    const b = splitAnnotations([...all].reverse(), "run-1");
    expect(b).toEqual(a);
    const c = splitAnnotations(all, "run-2");
    expect(c.heldOut.map((i) => i.id)).not.toEqual(a.heldOut.map((i) => i.id));
  });

  it("holds out at least one of each label, and leaves one to train on", () => {
    const { training, heldOut } = splitAnnotations(items(9, 2), "seed");
    expect(heldOut.filter((i) => !i.passed)).toHaveLength(1);
    expect(training.filter((i) => !i.passed)).toHaveLength(1);
    const lone = splitAnnotations(items(10, 1), "seed");
    expect(lone.heldOut.filter((i) => !i.passed)).toHaveLength(1);
    expect(lone.training.every((i) => i.passed)).toBe(true);
  });

  it("sizes depend only on the label counts", () => {
    expect(heldOutCount(0)).toBe(0);
    expect(heldOutCount(1)).toBe(1);
    expect(heldOutCount(2)).toBe(1);
    expect(heldOutCount(10)).toBe(3);
    expect(splitSizes(20, 20)).toEqual({ training: 28, heldOut: 12 });
    const { training, heldOut } = splitAnnotations(items(20, 20), "x");
    expect({ training: training.length, heldOut: heldOut.length }).toEqual(splitSizes(20, 20));
  });
});

describe("plannedCalls", () => {
  it("counts every candidate and the baseline on training, two goals on held-out", () => {
    // medium: 3 rounds × 4 candidates, the last of each round a few-shot variant.
    expect(plannedCalls({ rounds: 3, candidates: 4 }, { training: 28, heldOut: 12 })).toEqual({
      judgeCalls: 13 * 28 + 24,
      optimizerCalls: 9,
    });
    // Rounds of fewer than three candidates are rewrites only.
    expect(plannedCalls({ rounds: 2, candidates: 2 }, { training: 7, heldOut: 3 })).toEqual({
      judgeCalls: 5 * 7 + 6,
      optimizerCalls: 4,
    });
  });
});
