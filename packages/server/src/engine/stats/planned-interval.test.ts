import { describe, expect, it } from "vitest";
import { plannedInterval, wilsonHalfWidth } from "./planned-interval.ts";

// References from statsmodels 0.15: proportion_confint(p·N, N, method="wilson"), half its width,
// at the effective size N = n·R / deff, deff = R·(σ²_between + σ²_within/R) / p(1 − p) bounded to
// [1, R], worked by hand from the formula in planned-interval.ts (as clusteredAccuracy reports a
// run). A simulation (beta-distributed pass rates, 4 repeats of 100 prompts, 20,000 runs) gave
// the variance of the mean as 0.000979 against the formula's 0.000971.

describe("the planned interval", () => {
  it("is Wilson's at an assumed accuracy with one answer per prompt", () => {
    expect(wilsonHalfWidth(0.5, 100)).toBeCloseTo(0.09616846963400438, 12);
    expect(wilsonHalfWidth(0.5, 1)).toBeCloseTo(0.44537924447114796, 12);
    expect(wilsonHalfWidth(0.8, 200)).toBeCloseTo(0.05520158865219882, 12);
    // All right, all wrong: n/n is not certainty.
    expect(wilsonHalfWidth(1, 30)).toBeCloseTo(0.056756696586984456, 12);
    expect(wilsonHalfWidth(0, 30)).toBeCloseTo(0.0567566965869844, 12);
    // No prompts: nothing is known, the whole scale.
    expect(wilsonHalfWidth(0.5, 0)).toBe(0.5);
  });

  it("without an earlier run, bounds it at accuracy 0.5", () => {
    expect(plannedInterval({ prompts: 100, repeats: 1, earlier: null })).toEqual({
      halfWidth: wilsonHalfWidth(0.5, 100),
      kind: "bound",
      basis: "worst_case",
      method: "wilson",
      accuracy: 0.5,
      betweenPromptVariance: null,
      withinPromptVariance: null,
      bestHalfWidth: null,
    });
    const repeated = plannedInterval({ prompts: 100, repeats: 4, earlier: null });
    expect(repeated).toMatchObject({ kind: "bound", method: "clustered", accuracy: 0.5 });
    // Repeats that always agree: the prompts alone (deff 4); independent ones: 400 answers.
    expect(repeated.halfWidth).toBeCloseTo(0.09616846963400438, 12);
    expect(repeated.bestHalfWidth).toBeCloseTo(0.048765495830290995, 12);
  });

  it("expects Wilson's at an earlier run's accuracy with one answer per prompt", () => {
    const planned = plannedInterval({
      prompts: 120,
      repeats: 1,
      earlier: { correct: 150, answers: 200, withinPromptVariance: 0.1 },
    });
    expect(planned).toMatchObject({ kind: "expected", basis: "earlier_run", accuracy: 0.75 });
    expect(planned.halfWidth).toBeCloseTo(0.07665657503658019, 12);
  });

  it("splits an earlier run's variance into between and within prompts for repeats", () => {
    const planned = plannedInterval({
      prompts: 120,
      repeats: 4,
      earlier: { correct: 150, answers: 200, withinPromptVariance: 0.1 },
    });
    expect(planned).toMatchObject({ kind: "expected", method: "clustered", bestHalfWidth: null });
    expect(planned.halfWidth).toBeCloseTo(0.05987035888874337, 12); // deff 2.42
    expect(planned.betweenPromptVariance).toBeCloseTo(0.08983346915176674, 12);
    expect(planned.withinPromptVariance).toBe(0.1);
  });

  it("bounds it when the earlier run did not measure the within-prompt variance", () => {
    const planned = plannedInterval({
      prompts: 120,
      repeats: 4,
      earlier: { correct: 150, answers: 200, withinPromptVariance: null },
    });
    expect(planned).toMatchObject({
      kind: "bound",
      basis: "earlier_run",
      withinPromptVariance: null,
    });
    expect(planned.halfWidth).toBeCloseTo(0.07665657503658019, 12);
    expect(planned.bestHalfWidth).toBeCloseTo(0.03863412748755202, 12);
  });

  it("never promises a zero-width interval after an earlier run that was all right", () => {
    const planned = plannedInterval({
      prompts: 50,
      repeats: 3,
      earlier: { correct: 50, answers: 50, withinPromptVariance: 0 },
    });
    expect(planned.halfWidth).toBeCloseTo(0.035673799566679376, 12);
    expect(planned.halfWidth).toBeGreaterThan(0);
    const allWrong = plannedInterval({
      prompts: 50,
      repeats: 3,
      earlier: { correct: 0, answers: 50, withinPromptVariance: 0 },
    });
    expect(allWrong.halfWidth).toBeCloseTo(planned.halfWidth, 12);
  });

  it("is the whole scale for fewer than two prompts with repeats, and ignores an empty earlier run", () => {
    expect(plannedInterval({ prompts: 1, repeats: 3, earlier: null }).halfWidth).toBe(0.5);
    expect(plannedInterval({ prompts: 0, repeats: 3, earlier: null }).halfWidth).toBe(0.5);
    expect(
      plannedInterval({
        prompts: 10,
        repeats: 1,
        earlier: { correct: 0, answers: 0, withinPromptVariance: null },
      }).basis,
    ).toBe("worst_case");
  });
});
