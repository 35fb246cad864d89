import { z } from "zod";

/**
 * Runs a judge over traces (jobs/run-trace-evaluation.ts): evaluations of one project, judged side
 * by side. The trace-evaluation service enqueues them with the evaluations.
 */
export const RUN_TRACE_EVALUATION_JOB = "run-trace-evaluation";

export const RunTraceEvaluationPayloadSchema = z.object({
  organization_id: z.string(),
  project_id: z.string(),
  trace_evaluation_ids: z.array(z.string()).min(1),
});
export type RunTraceEvaluationPayload = z.infer<typeof RunTraceEvaluationPayloadSchema>;
