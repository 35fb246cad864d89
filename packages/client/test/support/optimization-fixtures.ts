import type { JudgeOptimizationRun } from "@assay/protocol";
import { JUDGE_ID } from "./trace-fixtures.ts";

/** Wire objects of the judge-optimization routes, valid against the protocol's schemas. */

export const RUN_ID = "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a";
const AGREEMENT = (accuracy: number, kappa: number) => ({
  count: 12,
  accuracy,
  accuracy_interval: { low: accuracy / 2, high: 1 },
  kappa,
  kappa_interval: { low: kappa - 0.3, high: Math.min(1, kappa + 0.3) },
});

export function runBody(
  status: JudgeOptimizationRun["status"],
  overrides: Partial<JudgeOptimizationRun> = {},
): JudgeOptimizationRun {
  return {
    id: RUN_ID,
    organization_id: "org-1",
    project_id: "proj-1",
    judge_id: JUDGE_ID,
    created_at: "2026-11-21T10:00:00.000Z",
    status,
    budget: "medium",
    annotation_count: 40,
    estimated_cost: 0.42,
    actual_cost: status === "success" ? 0.39 : 0.1,
    user_id: "assay_AbCd…wxyz",
    status_description: "",
    original_goal: "Judge whether the answer is good.",
    logs: "split: 28 labels (14 pass, 14 fail) for training, 12 labels (6 pass, 6 fail) held out",
    judge_snapshot: {
      name: "Support",
      version: 1,
      evaluationGoal: "Judge whether the answer is good.",
    },
    ...(status === "success"
      ? {
          optimized_goal: "The answer must cite its source.",
          baseline_accuracy: 0.5,
          optimized_accuracy: 1,
          assay: {
            rounds: 3,
            candidates_per_round: 4,
            training_count: 28,
            held_out_count: 12,
            baseline: { training: AGREEMENT(0.5, 0), held_out: AGREEMENT(0.5, 0) },
            best: { training: AGREEMENT(1, 1), held_out: AGREEMENT(1, 1) },
            improved: true,
            judge_calls: 136,
            optimizer_calls: 3,
          },
        }
      : {}),
    ...overrides,
  };
}
