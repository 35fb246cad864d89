import { z } from "zod";
import {
  distinctList,
  lenientSortSchema,
  PathIdSchema,
  pageQuery,
  QueryTextSchema,
  SortOrderSchema,
  TimestampSchema,
} from "./common.ts";
import { statusData } from "./envelopes.ts";
import { OutcomeSchema, TimeRangeSchema } from "./traces.ts";

/**
 * Trace evaluations (protocol §10): one judge run over one trace. Statuses use an underscore
 * (`in_progress`), unlike evaluations. The result appears (and `…/results` stops answering 404)
 * once the judge's verdict is stored.
 */

export const TRACE_EVALUATION_STATUSES = ["pending", "in_progress", "success", "failure"] as const;
export const TraceEvaluationStatusSchema = z.enum(TRACE_EVALUATION_STATUSES);
export type TraceEvaluationStatus = z.infer<typeof TraceEvaluationStatusSchema>;

/** The judge as it was when the evaluation was created; camelCase keys (§2.8). */
export const JudgeSnapshotSchema = z
  .object({
    name: z.string(),
    version: z.number().int(),
    evaluationGoal: z.string(),
    modelId: z.string().optional(),
    modelName: z.string().optional(),
    modelCompany: z.string().optional(),
  })
  .meta({ id: "JudgeSnapshot" });
export type JudgeSnapshot = z.infer<typeof JudgeSnapshotSchema>;

export const TraceEvaluationSchema = z
  .object({
    id: z.string(),
    trace_id: z.string(),
    judge_id: z.string(),
    status: TraceEvaluationStatusSchema,
    judge_snapshot: JudgeSnapshotSchema.optional(),
    created_at: TimestampSchema,
    started_at: TimestampSchema.optional(),
    finished_at: TimestampSchema.optional(),
    /** Extensions. */
    organization_id: z.string(),
    project_id: z.string(),
    /** Why a run failed (or what went wrong and was retried), empty otherwise. */
    status_description: z.string(),
  })
  .meta({ id: "TraceEvaluation" });
export type TraceEvaluation = z.infer<typeof TraceEvaluationSchema>;

export const TraceEvaluationResultSchema = z
  .object({
    id: z.string(),
    trace_evaluation_id: z.string(),
    trace_id: z.string(),
    judge_id: z.string(),
    /** 0–1. */
    score: z.number(),
    passed: z.boolean(),
    reasoning: z.string(),
    model: z.string(),
    turns: z.number().int(),
    latency_ms: z.number().int(),
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    /** US dollars, 0 when the model has no prices. */
    total_cost: z.number(),
    created_at: TimestampSchema,
    steps: z.array(
      z.object({
        tool: z.string(),
        args: z.record(z.string(), z.unknown()),
        result: z.string(),
      }),
    ),
    /** Extension: the trace was longer than the judge model's context and was cut. */
    truncated: z.boolean(),
  })
  .meta({ id: "TraceEvaluationResult" });
export type TraceEvaluationResult = z.infer<typeof TraceEvaluationResultSchema>;

export const CostEstimateSchema = z
  .object({
    estimated_cost: z.number(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    model: z.string(),
    trace_count: z.number().int(),
  })
  .meta({ id: "CostEstimate" });
export type CostEstimate = z.infer<typeof CostEstimateSchema>;

export const TraceEvaluationPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  trace_evaluation_id: PathIdSchema,
});

export const CreateTraceEvaluationBodySchema = z.strictObject({
  trace_id: PathIdSchema,
  judge_id: PathIdSchema,
});
export type CreateTraceEvaluationBody = z.infer<typeof CreateTraceEvaluationBodySchema>;

export const TraceEvaluationResponseSchema = statusData(TraceEvaluationSchema);

/** Most traces in one bulk creation or cost estimate. */
export const MAX_TRACES_PER_REQUEST = 1000;

/** Extension `POST P/trace-evaluations/bulk`: one judge over many traces, in one transaction. */
export const BulkCreateTraceEvaluationsBodySchema = z.strictObject({
  judge_id: PathIdSchema,
  trace_ids: distinctList(z.array(PathIdSchema).min(1).max(MAX_TRACES_PER_REQUEST), "trace"),
});
export type BulkCreateTraceEvaluationsBody = z.infer<typeof BulkCreateTraceEvaluationsBodySchema>;

export const BulkCreateTraceEvaluationsResponseSchema = statusData(
  z.object({ trace_evaluations: z.array(TraceEvaluationSchema) }),
);

export const EstimateCostBodySchema = z.strictObject({
  trace_ids: distinctList(z.array(PathIdSchema).min(1).max(MAX_TRACES_PER_REQUEST), "trace"),
  judge_id: PathIdSchema,
});
export type EstimateCostBody = z.infer<typeof EstimateCostBodySchema>;

export const EstimateCostResponseSchema = statusData(CostEstimateSchema);

export const TRACE_EVALUATION_SORT_KEYS = ["created_at", "finished_at", "score"] as const;

export const ListTraceEvaluationsQuerySchema = z.object({
  ...pageQuery(20, 100),
  judge_id: PathIdSchema.optional(),
  trace_id: PathIdSchema.optional(),
  outcome: OutcomeSchema.optional(),
  time_range: TimeRangeSchema,
  /** Free text, matched against the judge's name, the verdict's reasoning and the trace input. */
  search: QueryTextSchema,
  sort_by: lenientSortSchema(TRACE_EVALUATION_SORT_KEYS),
  sort_order: SortOrderSchema,
});
export type ListTraceEvaluationsQuery = z.output<typeof ListTraceEvaluationsQuerySchema>;

/**
 * A listed evaluation carries its verdict (extension `result`, absent until stored), so a page of
 * verdicts is one request rather than one `…/results` call per evaluation.
 */
export const ListedTraceEvaluationSchema = TraceEvaluationSchema.extend({
  result: TraceEvaluationResultSchema.optional(),
  /**
   * Extension: a person's label of the evaluation's (judge, trace), when there is one: what the
   * judge should have said (`PUT …/trace-evaluations/{id}/annotation`).
   */
  label: z
    .object({ passed: z.boolean(), created_by: z.string(), updated_at: TimestampSchema })
    .optional(),
}).meta({ id: "ListedTraceEvaluation" });
export type ListedTraceEvaluation = z.infer<typeof ListedTraceEvaluationSchema>;

/** Note `total`, not `total_count` (§10.3). */
export const ListTraceEvaluationsResponseSchema = statusData(
  z.object({
    trace_evaluations: z.array(ListedTraceEvaluationSchema),
    count: z.number().int(),
    total: z.number().int(),
  }),
);
export type ListTraceEvaluationsResponse = z.infer<typeof ListTraceEvaluationsResponseSchema>;

export const TraceEvaluationResultResponseSchema = statusData(TraceEvaluationResultSchema);
