import type { JudgeSnapshot, TraceEvaluation, TraceEvaluationResult } from "@assay/protocol";
import type { TraceEvaluationRow } from "../../platform/db/schema.ts";

/** A trace evaluation as the wire shows it (protocol §2.8); unset timestamps are left out. */
export function toTraceEvaluation(row: TraceEvaluationRow): TraceEvaluation {
  return {
    id: row.id,
    trace_id: row.trace_id,
    judge_id: row.judge_id,
    status: row.status as TraceEvaluation["status"],
    judge_snapshot: parseSnapshot(row.judge_snapshot),
    created_at: row.created_at,
    ...(row.started_at === null ? {} : { started_at: row.started_at }),
    ...(row.finished_at === null ? {} : { finished_at: row.finished_at }),
    organization_id: row.organization_id,
    project_id: row.project_id,
    status_description: row.status_description,
  };
}

/** The verdict of a finished evaluation; undefined until the judge has given one. */
export function toTraceEvaluationResult(
  row: TraceEvaluationRow,
): TraceEvaluationResult | undefined {
  if (row.status !== "success" || row.result_id === null || row.score === null) return undefined;
  return {
    id: row.result_id,
    trace_evaluation_id: row.id,
    trace_id: row.trace_id,
    judge_id: row.judge_id,
    score: Number(row.score),
    passed: Number(row.passed) === 1,
    reasoning: row.reasoning ?? "",
    model: row.model ?? "",
    turns: Number(row.turns ?? 0),
    latency_ms: Number(row.latency_ms ?? 0),
    prompt_tokens: Number(row.prompt_tokens ?? 0),
    completion_tokens: Number(row.completion_tokens ?? 0),
    total_cost: Number(row.total_cost ?? 0),
    created_at: row.result_at ?? row.finished_at ?? row.created_at,
    steps: [],
    truncated: Number(row.truncated) === 1,
  };
}

export function parseSnapshot(text: string): JudgeSnapshot {
  return JSON.parse(text) as JudgeSnapshot;
}
