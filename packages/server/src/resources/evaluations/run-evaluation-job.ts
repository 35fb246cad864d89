import { z } from "zod";

/**
 * Runs one range of an evaluation's prompts (jobs/run-evaluation.ts). The evaluation service
 * enqueues one per chunk, in the transaction that creates the run.
 */
export const RUN_EVALUATION_JOB = "run-evaluation";

export const RunEvaluationPayloadSchema = z.object({
  organization_id: z.string(),
  project_id: z.string(),
  evaluation_id: z.string(),
  /** Positions [from, to) of the run's prompts. */
  from: z.number().int().min(0),
  to: z.number().int().min(0),
});
export type RunEvaluationPayload = z.infer<typeof RunEvaluationPayloadSchema>;
