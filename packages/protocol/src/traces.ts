import { z } from "zod";
import {
  DeletedResourceSchema,
  lenientSortSchema,
  PathIdSchema,
  pageQuery,
  QueryTextSchema,
  SortOrderSchema,
  TimestampSchema,
} from "./common.ts";
import { statusData } from "./envelopes.ts";
import { UploadFilenameSchema } from "./uploads.ts";

/**
 * Traces (protocol §9): records of a team's own AI application, uploaded as JSON or JSONL and
 * judged later. One trace is one JSON object (`data`); `input` is its input flattened to text.
 */

/**
 * Trace shapes Assay recognizes in an upload; anything else is kept as-is (`json`). What each
 * means in a trace's `data` is read by `@assay/protocol/trace-shapes` (src/trace-shapes/).
 */
export const TRACE_FORMATS = [
  "input_output",
  "openai_chat",
  "otel_genai",
  "agent_events",
  "json",
] as const;
export const TraceFormatSchema = z.enum(TRACE_FORMATS);
export type TraceFormat = z.infer<typeof TraceFormatSchema>;

export const TraceSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    created_at: TimestampSchema,
    /** The uploaded file's name (also the trace's source). */
    filename: z.string(),
    data: z.record(z.string(), z.unknown()),
    input: z.string().optional(),
    integration_id: z.string().optional(),
    /** Extensions: the recognized shape, and the record's position in its file (1-based). */
    format: TraceFormatSchema,
    position: z.number().int(),
    /**
     * Extensions: what the trace says of itself (its own fields and OpenTelemetry attributes:
     * `gen_ai.*`, `service.name`, `session.id`, `user.id`), each absent when it does not say.
     * Wall time from first span start to last end (or the record's latency), tokens summed over
     * model calls, and the cost in USD where the model's prices are known (catalog or custom).
     */
    duration_ms: z.number().optional(),
    input_tokens: z.number().int().optional(),
    output_tokens: z.number().int().optional(),
    total_tokens: z.number().int().optional(),
    cost_usd: z.number().optional(),
    model: z.string().optional(),
    service_name: z.string().optional(),
    session_id: z.string().optional(),
    user_id: z.string().optional(),
  })
  .meta({ id: "Trace" });
export type Trace = z.infer<typeof TraceSchema>;

export const LastTraceEvaluationSchema = z.object({
  judge_id: z.string(),
  judge_name: z.string(),
  judge_version: z.number().int(),
  created_at: TimestampSchema,
  passed: z.boolean().optional(),
  /**
   * Extension: the evaluation's status, so a run that errored (`failure`) is not read as one
   * still waiting for its verdict.
   */
  status: z.enum(["pending", "in_progress", "success", "failure"]).optional(),
});

/** Extension: the latest label a person gave the trace (any judge's queue). */
export const LatestTraceLabelSchema = z.object({
  passed: z.boolean(),
  judge_id: z.string(),
  created_by: z.string(),
  updated_at: TimestampSchema,
});

export type LatestTraceLabel = z.infer<typeof LatestTraceLabelSchema>;

export const TraceWithEvaluationsSchema = TraceSchema.extend({
  evaluations_count: z.number().int(),
  last_evaluations: z.array(LastTraceEvaluationSchema),
  latest_label: LatestTraceLabelSchema.optional(),
}).meta({ id: "TraceWithEvaluations" });
export type TraceWithEvaluations = z.infer<typeof TraceWithEvaluationsSchema>;

export const TracePathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  trace_id: PathIdSchema,
});

/** `POST P/traces`: the uploaded file to parse, by the name it was announced with. */
export const CreateTracesBodySchema = z.strictObject({ filename: UploadFilenameSchema });
export type CreateTracesBody = z.infer<typeof CreateTracesBodySchema>;

/** One id per record, in file order (clients use `trace_ids[0]`). */
export const CreateTracesResponseSchema = statusData(z.object({ trace_ids: z.array(z.string()) }));

/** `7d`, `24h`, `2w`: created within that long before now. */
export const TimeRangeSchema = z
  .string()
  .regex(/^[1-9]\d{0,3}[hdw]$/, "must be a number of hours, days or weeks, such as 24h, 7d or 2w")
  .optional();

const TIME_RANGE_UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** A `time_range` that TimeRangeSchema accepted (`24h`, `7d`, `2w`), in milliseconds. */
export function timeRangeMs(range: string): number {
  const unit = range.slice(-1) as keyof typeof TIME_RANGE_UNIT_MS;
  return Number(range.slice(0, -1)) * TIME_RANGE_UNIT_MS[unit];
}

/** `pass` or `fail`: the outcome of a trace evaluation. */
export const OutcomeSchema = z.enum(["pass", "fail"]);

/** Extension: `error`, traces whose latest evaluation (by `judge_id` if given) failed to run. */
export const TRACE_STATUS_FILTERS = ["pass", "fail", "error"] as const;

export const TRACE_SORT_KEYS = [
  "created_at",
  "filename",
  "position",
  // Extensions: the summary columns. Traces that do not say sort last either way.
  "duration_ms",
  "total_tokens",
  "cost_usd",
  "model",
] as const;

/** A summary filter: one exact value (a model, service, session or user id). */
const SummaryValueSchema = QueryTextSchema;

export const ListTracesQuerySchema = z.object({
  ...pageQuery(100, 500),
  /** A file name, as `GET P/traces/sources` lists them. */
  source: QueryTextSchema,
  /** Only traces evaluated by this judge. */
  judge_id: PathIdSchema.optional(),
  /** Only traces whose latest evaluation (by `judge_id` if given) passed or failed. */
  status: z.enum(TRACE_STATUS_FILTERS).optional(),
  time_range: TimeRangeSchema,
  /** Extensions: only traces of this model, service, session or user (exact). */
  model: SummaryValueSchema,
  service_name: SummaryValueSchema,
  session_id: SummaryValueSchema,
  user_id: SummaryValueSchema,
  /** Extension: only traces that took at least this long (milliseconds). */
  min_duration_ms: z.coerce.number().finite().nonnegative().optional(),
  /** Free text, matched against the input and the file name. */
  search: QueryTextSchema,
  sort_by: lenientSortSchema(TRACE_SORT_KEYS),
  sort_order: SortOrderSchema,
});
export type ListTracesQuery = z.output<typeof ListTracesQuerySchema>;

export const ListTracesResponseSchema = statusData(
  z.object({
    traces: z.array(TraceWithEvaluationsSchema),
    count: z.number().int(),
    total_count: z.number().int(),
  }),
);

export const GetTraceResponseSchema = statusData(TraceSchema);

export const TraceSourcesResponseSchema = statusData(z.object({ sources: z.array(z.string()) }));

export const DeleteTraceResponseSchema = statusData(DeletedResourceSchema);
