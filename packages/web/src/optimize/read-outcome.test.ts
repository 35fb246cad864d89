import type { JudgeOptimizationRun, SplitAgreement } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { overlaps, readOutcome } from "./read-outcome.ts";

const split = (accuracy: number, low: number, high: number): SplitAgreement => ({
  count: 12,
  accuracy,
  accuracy_interval: { low, high },
  kappa: null,
  kappa_interval: null,
});

function run(
  baseline: SplitAgreement,
  best: SplitAgreement | undefined,
  improved: boolean,
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
      improved,
      judge_calls: 0,
      optimizer_calls: 0,
    },
  };
}

describe("readOutcome", () => {
  it("offers apply and calls it better when the server says improved and the intervals are apart", () => {
    const o = readOutcome(run(split(0.25, 0.09, 0.53), split(1, 0.76, 1), true));
    expect(o).toMatchObject({ kind: "better", applicable: true });
    expect(o.message).toMatch(
      /^The optimized goal is better: .*25\.0% \[9\.0%, 53\.0%\] → 100\.0%/,
    );
  });

  it("still offers apply on an improvement within noise, and says it is within noise", () => {
    const o = readOutcome(run(split(0.5, 0.25, 0.75), split(0.58, 0.32, 0.81), true));
    expect(o).toMatchObject({ kind: "noisy-gain", applicable: true });
    expect(o.message).toMatch(/within noise: the 95% intervals overlap/);
  });

  it("offers nothing when the server says not improved, whatever the numbers", () => {
    const same = readOutcome(run(split(0.5, 0.25, 0.75), split(0.5, 0.25, 0.75), false));
    expect(same).toMatchObject({ kind: "not-better", applicable: false });
    expect(same.message).toMatch(
      /^The optimized goal is not measurably better: .*intervals overlap/,
    );
    const worse = readOutcome(run(split(0.9, 0.62, 0.98), split(0, 0, 0.24), false));
    expect(worse.message).toMatch(/^The optimized goal is worse/);
    expect(worse.applicable).toBe(false);
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

  it("treats touching intervals as overlapping", () => {
    expect(overlaps(split(0.2, 0.1, 0.5), split(0.8, 0.5, 0.9))).toBe(true);
    expect(overlaps(split(0.2, 0.1, 0.49), split(0.8, 0.5, 0.9))).toBe(false);
  });
});
