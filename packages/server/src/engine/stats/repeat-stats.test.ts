import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./proportion.ts";
import {
  clusteredAccuracy,
  type PromptTally,
  passAtK,
  passHatK,
  repeatFigures,
} from "./repeat-stats.ts";

const tallies = (correct: number[], repeats: number): PromptTally[] =>
  correct.map((c) => ({ answers: repeats, correct: c }));

/** C(n, k) exactly, as a BigInt: the textbook definition, independent of the product form. */
function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

describe("clusteredAccuracy", () => {
  // References: statsmodels 0.15.0, smf.ols("y ~ 1", df).fit(cov_type="cluster",
  // cov_kwds={"groups": df.prompt}).bse (CR1: the G/(G − 1) correction), and
  // proportion_confint(p · eff, eff, method="wilson") at the effective size eff = N / deff.
  it.each([
    {
      correct: [2, 1, 0],
      repeats: 2,
      se: 0.28867513459481303,
      ci: [0.1253344719102632, 0.8746655280897369],
    },
    {
      correct: [4, 3, 4, 0, 2],
      repeats: 4,
      se: 0.18708286933869703,
      ci: [0.29828705078302825, 0.8902743537354412],
    },
    {
      correct: [4, 4, 4, 3, 4, 4, 4, 4, 2, 4],
      repeats: 4,
      se: 0.053359368645273755,
      ci: [0.75399260074689, 0.9802487639703534],
    },
  ])(
    "matches statsmodels' clustered error on $correct of $repeats",
    ({ correct, repeats, se, ci }) => {
      const figures = clusteredAccuracy(tallies(correct, repeats), repeats);
      expect(figures.accuracy).toBeCloseTo(
        correct.reduce((a, b) => a + b, 0) / (correct.length * repeats),
        12,
      );
      expect(figures.stderr).toBeCloseTo(se, 12);
      expect(figures.ci95.low).toBeCloseTo(ci[0]!, 10);
      expect(figures.ci95.high).toBeCloseTo(ci[1]!, 10);
      expect(figures.prompts).toBe(correct.length);
    },
  );

  it("is Wilson's interval on the pass rate with one answer per prompt", () => {
    const figures = clusteredAccuracy(tallies([1, 0, 1, 1, 0, 1, 1], 1), 1);
    expect(figures.ci95).toEqual(wilsonInterval(5, 7));
  });

  it("is never zero-width: all right is the prompts' Wilson interval, not [1, 1]", () => {
    const right = clusteredAccuracy(tallies([4, 4, 4, 4, 4], 4), 4);
    expect(right.accuracy).toBe(1);
    expect(right.stderr).toBe(0);
    // deff = R: four answers of one prompt say what one does, so five prompts' worth.
    expect(right.ci95.high).toBe(1);
    expect(right.ci95.low).toBeCloseTo(wilsonInterval(5, 5).low, 12);
    const wrong = clusteredAccuracy(tallies([0, 0, 0], 8), 8);
    expect(wrong.ci95.low).toBe(0);
    expect(wrong.ci95.high).toBeCloseTo(wilsonInterval(0, 3).high, 12);
  });

  it("gives the whole range with no prompts, and of one prompt knows little", () => {
    expect(clusteredAccuracy([], 4)).toEqual({
      accuracy: 0,
      stderr: 0,
      ci95: { low: 0, high: 1 },
      prompts: 0,
    });
    const one = clusteredAccuracy(tallies([3], 4), 4);
    expect(one.accuracy).toBe(0.75);
    expect(one.ci95.low).toBeLessThan(0.2);
    expect(one.ci95.high).toBeGreaterThan(0.95);
  });

  it("refuses impossible tallies", () => {
    expect(() => clusteredAccuracy([{ answers: 2, correct: 3 }], 2)).toThrow(RangeError);
    expect(() => clusteredAccuracy([{ answers: 0, correct: 0 }], 2)).toThrow(RangeError);
  });
});

describe("passAtK and passHatK", () => {
  it("equal 1 − C(n−c, k)/C(n, k) and C(c, k)/C(n, k) for every n ≤ 12", () => {
    for (let n = 1; n <= 12; n += 1)
      for (let c = 0; c <= n; c += 1)
        for (let k = 1; k <= n; k += 1) {
          const total = Number(choose(n, k));
          expect(passAtK(n, c, k)).toBeCloseTo(1 - Number(choose(n - c, k)) / total, 12);
          expect(passHatK(n, c, k)).toBeCloseTo(Number(choose(c, k)) / total, 12);
        }
  });

  it("match hand-computed values", () => {
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12); // 1 − 3/10
    expect(passHatK(5, 2, 2)).toBeCloseTo(0.1, 12); // 1/10
    expect(passAtK(10, 0, 5)).toBe(0);
    expect(passAtK(10, 10, 1)).toBe(1);
    expect(passAtK(200, 1, 1)).toBeCloseTo(0.005, 12);
  });
});

describe("repeatFigures", () => {
  it("reduces each prompt's answers", () => {
    // Prompts right 4, 3, 0, 2 and 1 times of 4.
    const f = repeatFigures(tallies([4, 3, 0, 2, 1], 4), 4);
    expect(f.flip_rate).toBeCloseTo(3 / 5, 12);
    expect(f.majority_vote).toBeCloseTo(2 / 5, 12); // 2 of 4 is a tie, not a majority
    // n − 1 variances of 4 binary answers: c(4 − c)/12.
    expect(f.within_prompt_variance).toBeCloseTo((0 + 3 / 12 + 0 + 4 / 12 + 3 / 12) / 5, 12);
    expect(f.pass_count_histogram).toEqual([1, 1, 1, 1, 1]);
    expect(f.pass_at_k[0]).toEqual({ k: 1, pass_at_k: 10 / 20, pass_hat_k: 10 / 20 });
    const at4 = f.pass_at_k[3]!;
    expect(at4.k).toBe(4);
    expect(at4.pass_at_k).toBeCloseTo(4 / 5, 12); // every prompt right once or more, but one
    expect(at4.pass_hat_k).toBeCloseTo(1 / 5, 12); // only the prompt right every time
  });

  it("says nothing it does not know: no prompts, one repeat", () => {
    expect(repeatFigures([], 3)).toEqual({
      within_prompt_variance: null,
      flip_rate: null,
      majority_vote: null,
      pass_at_k: [],
      pass_count_histogram: [0, 0, 0, 0],
    });
    const single = repeatFigures(tallies([1, 0, 1], 1), 1);
    expect(single.within_prompt_variance).toBeNull();
    expect(single.flip_rate).toBe(0);
    expect(single.pass_at_k).toEqual([{ k: 1, pass_at_k: 2 / 3, pass_hat_k: 2 / 3 }]);
  });

  it("constant outcomes have no variance and no flips", () => {
    const f = repeatFigures(tallies([0, 5, 5, 0], 5), 5);
    expect(f.within_prompt_variance).toBe(0);
    expect(f.flip_rate).toBe(0);
  });
});
