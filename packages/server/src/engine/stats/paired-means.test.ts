import { describe, expect, it } from "vitest";
import { pairedMeansFigures } from "./paired-means.ts";

const pairsOf = (a: number[], b: number[]) => a.map((x, i) => ({ a: x, b: b[i]! }));

describe("pairedMeansFigures", () => {
  // References: scipy 1.17.1, r = scipy.stats.ttest_rel(b, a); r.pvalue and
  // r.confidence_interval(0.95).
  it.each([
    {
      a: [1, 0.75, 0.5, 1, 0, 0.25, 1, 0.75],
      b: [1, 1, 0.75, 1, 0.25, 0.5, 1, 1],
      difference: 0.15625,
      p: 0.01120143255409014,
      ci: [0.048079516580065526, 0.26442048341993446],
      significant: true,
    },
    {
      a: [0.5, 0.5, 1, 0, 0.5, 1],
      b: [0.5, 1, 0.5, 0, 0.5, 0.5],
      difference: -0.08333333333333333,
      p: 0.6108811833962556,
      ci: [-0.47832655857930934, 0.3116598919126427],
      significant: false,
    },
  ])(
    "matches scipy's paired t test (difference $difference)",
    ({ a, b, difference, p, ci, significant }) => {
      const f = pairedMeansFigures(pairsOf(a, b), 4);
      expect(f.difference).toBeCloseTo(difference, 12);
      expect(f.pValue).toBeCloseTo(p, 12);
      // tQuantile975 holds 9 decimals.
      expect(f.differenceInterval.low).toBeCloseTo(ci[0]!, 9);
      expect(f.differenceInterval.high).toBeCloseTo(ci[1]!, 9);
      expect(f.significant).toBe(significant);
    },
  );

  it("never lets the verdict and the interval disagree", () => {
    // Every run of 6 prompts × 2 repeats against a fixed one: significance ⇔ interval excludes 0 ⇔ p < 0.05.
    const base = [0, 0.5, 1, 1, 0.5, 0];
    const levels = [0, 0.5, 1];
    let checked = 0;
    for (let code = 0; code < 3 ** 6; code += 1) {
      const b = base.map((_, i) => levels[Math.floor(code / 3 ** i) % 3]!);
      const f = pairedMeansFigures(pairsOf(base, b), 2);
      const excludes = f.differenceInterval.low > 0 || f.differenceInterval.high < 0;
      expect(f.significant).toBe(excludes);
      if (Math.abs(f.pValue - 0.05) > 1e-9) expect(f.pValue < 0.05).toBe(excludes);
      checked += 1;
    }
    expect(checked).toBe(729);
  });

  it("is never zero-width: identical runs still leave room for a difference", () => {
    const same = pairsOf([1, 0.5, 0, 1], [1, 0.5, 0, 1]);
    const f = pairedMeansFigures(same, 4);
    expect(f.difference).toBe(0);
    expect(f.differenceInterval.low).toBeLessThan(0);
    expect(f.differenceInterval.high).toBeGreaterThan(0);
    expect(f.significant).toBe(false);
    // A constant shift is significant with enough prompts, and its interval is not a point.
    const shifted = pairedMeansFigures(pairsOf(Array(50).fill(0.5), Array(50).fill(0.75)), 4);
    expect(shifted.significant).toBe(true);
    expect(shifted.differenceInterval.high - shifted.differenceInterval.low).toBeGreaterThan(0);
  });

  it("says nothing with fewer than two prompts", () => {
    expect(pairedMeansFigures([], 3)).toMatchObject({ pairs: 0, pValue: 1, significant: false });
    expect(pairedMeansFigures([{ a: 0, b: 1 }], 3)).toMatchObject({
      pairs: 1,
      difference: 1,
      differenceInterval: { low: -1, high: 1 },
      significant: false,
    });
  });
});
