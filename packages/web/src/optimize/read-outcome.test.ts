import type { HeldOutTest, JudgeOptimizationRun, SplitAgreement } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { readOutcome, testText } from "./read-outcome.ts";

const split = (accuracy: number, low: number, high: number): SplitAgreement => ({
  count: 12,
  accuracy,
  accuracy_interval: { low, high },
  kappa: null,
  kappa_interval: null,
});

const test = (gained: number, lost: number, p: number): HeldOutTest => ({
  only_best_agrees: gained,
  only_baseline_agrees: lost,
  p_value: p,
  method: "mcnemar_exact",
});

function run(
  baseline: SplitAgreement,
  best: SplitAgreement | undefined,
  improved: boolean,
  heldOutTest?: HeldOutTest,
): JudgeOptimizationRun {
  return {
    id: "r",
    organization_id: "o",
    project_id: "p",
    judge_id: "j",
    created_at: "2026-11-24T09:00:00Z",
    status: "success",
    budget: "light",
    annotation_count: 40,
    estimated_cost: 0,
    actual_cost: 0,
    assay: {
      rounds: 1,
      candidates_per_round: 3,
      training_count: 28,
      held_out_count: 12,
      baseline: { training: baseline, held_out: baseline },
      ...(best ? { best: { training: best, held_out: best } } : {}),
      ...(heldOutTest ? { held_out_test: heldOutTest } : {}),
      improved,
      judge_calls: 0,
      optimizer_calls: 0,
    },
  };
}

describe("readOutcome", () => {
  it("offers apply when the server says better beyond noise, and quotes the paired test", () => {
    const o = readOutcome(
      run(split(0.25, 0.09, 0.53), split(1, 0.76, 1), true, test(9, 0, 2 / 512)),
    );
    expect(o).toMatchObject({ kind: "better", applicable: true });
    expect(o.message).toBe(
      "The optimized goal is better beyond noise: held-out accuracy 25.0% [9.0%, 53.0%] → 100.0% [76.0%, 100.0%] on 12 held-out labels; 9 labels gained, 0 lost (McNemar exact p = 0.004).",
    );
  });

  it("keeps Apply off for a gain within noise, and says why", () => {
    const o = readOutcome(
      run(split(0.5, 0.25, 0.75), split(0.75, 0.47, 0.91), false, test(3, 0, 0.25)),
    );
    expect(o).toMatchObject({ kind: "noisy-gain", applicable: false });
    expect(o.message).toMatch(
      /^The optimized goal is not measurably better: .*3 labels gained, 0 lost \(McNemar exact p = 0\.25\)\. A gain this size is within noise on 12 held-out labels/,
    );
    expect(o.notApplicable).toBe(
      "Not measurably better (McNemar exact p = 0.25): the judge keeps its goal.",
    );
    // One extra agreement.
    const one = readOutcome(
      run(split(0.5, 0.25, 0.75), split(0.58, 0.32, 0.81), false, test(1, 0, 1)),
    );
    expect(one.kind).toBe("noisy-gain");
    expect(one.message).toContain("1 label gained, 0 lost (McNemar exact p = 1.00)");
  });

  it("offers nothing when the candidate agrees with no more labels, whatever the numbers", () => {
    const same = readOutcome(
      run(split(0.5, 0.25, 0.75), split(0.5, 0.25, 0.75), false, test(2, 2, 1)),
    );
    expect(same).toMatchObject({ kind: "not-better", applicable: false });
    expect(same.message).toMatch(
      /^The optimized goal is not measurably better: .*agrees with no more labels/,
    );
    const worse = readOutcome(
      run(split(0.9, 0.62, 0.98), split(0, 0, 0.24), false, test(0, 11, 0.001)),
    );
    expect(worse.message).toMatch(/^The optimized goal is worse/);
    expect(worse.applicable).toBe(false);
  });

  it("reads a run recorded before the paired test by the server's flag alone", () => {
    const old = readOutcome(run(split(0.5, 0.25, 0.75), split(0.58, 0.32, 0.81), true));
    expect(old).toMatchObject({ kind: "better", applicable: true });
    expect(old.message).not.toContain("McNemar");
  });

  it("words the paired test", () => {
    expect(testText(test(7, 0, 2 / 128))).toBe("7 labels gained, 0 lost (McNemar exact p = 0.016)");
    expect(testText(test(30, 2, 1e-7))).toBe("30 labels gained, 2 lost (McNemar exact p < 0.001)");
  });

  it("has no verdict while running, and none to apply after a failure or with no candidate", () => {
    const base = run(split(1, 0.76, 1), undefined, false);
    expect(readOutcome({ ...base, status: "in_progress" }).kind).toBe("running");
    expect(readOutcome({ ...base, status: "failure", status_description: "boom" })).toMatchObject({
      kind: "failed",
      applicable: false,
      message: "The optimization failed: boom.",
    });
    expect(readOutcome(base)).toMatchObject({ kind: "nothing-to-do", applicable: false });
  });
});
