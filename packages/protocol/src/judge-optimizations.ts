import { z } from "zod";
import { PathIdSchema, pageQuery, TimestampSchema } from "./common.ts";
import { statusData } from "./envelopes.ts";
import { IntervalSchema } from "./evaluations.ts";
import { JudgeSnapshotSchema } from "./trace-evaluations.ts";

/**
 * Judge optimizations (protocol §11): rewrite a judge's goal so that its verdicts agree with
 * people's labels (annotations). The budget sets rounds × candidates; the run reports accuracy on
 * a held-out part of the labels, before and after, and `apply` makes the result a new version.
 */

export const MIN_OPTIMIZATION_ANNOTATIONS = 10;

export const OPTIMIZATION_BUDGETS = ["light", "medium", "heavy"] as const;
export const OptimizationBudgetSchema = z.enum(OPTIMIZATION_BUDGETS);
export type OptimizationBudget = z.infer<typeof OptimizationBudgetSchema>;

/** What each budget buys: rounds of critique → rewrite, candidates per round. */
export const OPTIMIZATION_BUDGET_PLANS: Record<
  OptimizationBudget,
  { rounds: number; candidates: number }
> = {
  light: { rounds: 1, candidates: 3 },
  medium: { rounds: 3, candidates: 4 },
  heavy: { rounds: 5, candidates: 6 },
};

export const OPTIMIZATION_STATUSES = ["pending", "in_progress", "success", "failure"] as const;
export const OptimizationStatusSchema = z.enum(OPTIMIZATION_STATUSES);
export type OptimizationStatus = z.infer<typeof OptimizationStatusSchema>;

/** Agreement of one goal with the labels of one split. */
export const SplitAgreementSchema = z.object({
  count: z.number().int(),
  accuracy: z.number(),
  accuracy_interval: IntervalSchema,
  kappa: z.number().nullable(),
  /** 95% interval of κ (as the Agreement schema's); null when κ is. */
  kappa_interval: IntervalSchema.nullable(),
  /** Why `kappa` is null ("every label is pass"); absent when κ is defined. */
  kappa_undefined_reason: z.string().optional(),
});
export type SplitAgreement = z.infer<typeof SplitAgreementSchema>;

/**
 * The best candidate against the original goal on the same held-out labels, label by label: the
 * labels only one of them agrees with, and McNemar's exact test on those (two-sided binomial,
 * p = ½), which decides `improved`.
 */
export const HeldOutTestSchema = z
  .object({
    /** Held-out labels the best candidate agrees with and the original goal does not. */
    only_best_agrees: z.number().int(),
    /** Held-out labels the original goal agrees with and the best candidate does not. */
    only_baseline_agrees: z.number().int(),
    p_value: z.number(),
    method: z.enum(["mcnemar_exact"]),
  })
  .meta({ id: "HeldOutTest" });
export type HeldOutTest = z.infer<typeof HeldOutTestSchema>;

/** Extension `assay` of a run: the figures behind `baseline_accuracy` / `optimized_accuracy`. */
export const OptimizationStatsSchema = z
  .object({
    rounds: z.number().int(),
    candidates_per_round: z.number().int(),
    training_count: z.number().int(),
    held_out_count: z.number().int(),
    baseline: z.object({ training: SplitAgreementSchema, held_out: SplitAgreementSchema }),
    /** The best candidate on training; absent when the run failed before one was measured. */
    best: z.object({ training: SplitAgreementSchema, held_out: SplitAgreementSchema }).optional(),
    /**
     * The best candidate against the original goal, label by label on the held-out set; absent
     * when no candidate was measured, and on runs recorded before the test was.
     */
    held_out_test: HeldOutTestSchema.optional(),
    /**
     * The best candidate agrees with more held-out labels than the original goal beyond noise
     * (`held_out_test.p_value` < 0.05; one extra agreement is not an improvement): `apply` uses
     * its goal. Otherwise it is not measurably better and `apply` keeps the original goal.
     */
    improved: z.boolean(),
    judge_calls: z.number().int(),
    optimizer_calls: z.number().int(),
  })
  .meta({ id: "OptimizationStats" });
export type OptimizationStats = z.infer<typeof OptimizationStatsSchema>;

export const JudgeOptimizationRunSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    judge_id: z.string(),
    created_at: TimestampSchema,
    status: OptimizationStatusSchema,
    budget: OptimizationBudgetSchema,
    annotation_count: z.number().int(),
    /** US dollars. */
    estimated_cost: z.number(),
    actual_cost: z.number(),
    user_id: z.string().optional(),
    status_description: z.string().optional(),
    original_goal: z.string().optional(),
    optimized_goal: z.string().optional(),
    /** What happened, round by round, one line per step. */
    logs: z.string().optional(),
    started_at: TimestampSchema.optional(),
    finished_at: TimestampSchema.optional(),
    applied_at: TimestampSchema.optional(),
    judge_snapshot: JudgeSnapshotSchema.optional(),
    /** 0–1, on the held-out labels. */
    baseline_accuracy: z.number().optional(),
    optimized_accuracy: z.number().optional(),
    applied_version: z.number().int().optional(),
    assay: OptimizationStatsSchema.optional(),
  })
  .meta({ id: "JudgeOptimizationRun" });
export type JudgeOptimizationRun = z.infer<typeof JudgeOptimizationRunSchema>;

export const OptimizationPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  optimization_id: PathIdSchema,
});

/** `estimate` and `create`: `budget` other than light/medium/heavy is a 400. */
export const OptimizationBodySchema = z.strictObject({
  judge_id: PathIdSchema,
  budget: OptimizationBudgetSchema.default("medium"),
});
export type OptimizationBody = z.output<typeof OptimizationBodySchema>;

export const OptimizationEstimateResponseSchema = statusData(
  z.object({
    estimated_cost: z.number(),
    annotation_count: z.number().int(),
    budget: OptimizationBudgetSchema,
    /** Extensions: the calls the cost assumes. */
    judge_calls: z.number().int(),
    optimizer_calls: z.number().int(),
  }),
);

export const CreateOptimizationResponseSchema = statusData(
  z.object({
    id: z.string(),
    judge_id: z.string(),
    budget: OptimizationBudgetSchema,
    status: OptimizationStatusSchema,
  }),
);

export const ListOptimizationsQuerySchema = z.object({
  judge_id: PathIdSchema.optional(),
  ...pageQuery(20, 500),
});
export type ListOptimizationsQuery = z.output<typeof ListOptimizationsQuerySchema>;

export const ListOptimizationsResponseSchema = statusData(
  z.object({
    optimization_runs: z.array(JudgeOptimizationRunSchema),
    count: z.number().int(),
    total: z.number().int(),
  }),
);

export const GetOptimizationResponseSchema = statusData(JudgeOptimizationRunSchema);

/** The SDK sends `{}`. */
export const ApplyOptimizationBodySchema = z.strictObject({});

export const ApplyOptimizationResponseSchema = statusData(
  z.object({ judge_id: z.string(), new_version: z.number().int(), message: z.string() }),
);
