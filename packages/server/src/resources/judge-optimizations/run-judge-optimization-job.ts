import { z } from "zod";

/**
 * Optimizes a judge's goal against people's labels (jobs/run-judge-optimization.ts). The
 * judge-optimization service enqueues it with the run.
 */
export const RUN_JUDGE_OPTIMIZATION_JOB = "run-judge-optimization";

export const RunJudgeOptimizationPayloadSchema = z.object({
  organization_id: z.string(),
  project_id: z.string(),
  optimization_id: z.string(),
});
export type RunJudgeOptimizationPayload = z.infer<typeof RunJudgeOptimizationPayloadSchema>;
