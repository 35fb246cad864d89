import type { TraceWithEvaluations } from "@assay/protocol";
import { sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";

/** How many of a trace's latest evaluations a list item shows. */
export const LAST_EVALUATIONS = 5;

export interface EvaluationSummary {
  count: number;
  last: TraceWithEvaluations["last_evaluations"];
}

interface SummaryRow {
  trace_id: string;
  judge_id: string;
  judge_version: number;
  judge_snapshot: string;
  judge_name: string | null;
  created_at: string;
  passed: number | null;
  total: number;
  recency: number;
}

/**
 * For a page of traces, in one query: how many evaluations each has, and its latest few with the
 * judge's name (as it was when the evaluation was made) and the verdict once there is one. Window
 * functions (SQLite ≥ 3.25, PostgreSQL) rank and count per trace without a query per trace.
 */
export async function evaluationSummaries(
  db: Database,
  scope: ProjectScope,
  traceIds: readonly string[],
): Promise<Map<string, EvaluationSummary>> {
  const summaries = new Map<string, EvaluationSummary>();
  if (traceIds.length === 0) return summaries;
  const { rows } = await sql<SummaryRow>`
    select * from (
      select te.trace_id, te.judge_id, te.judge_version, te.judge_snapshot,
             judges.name as judge_name, te.created_at, te.passed,
             count(*) over (partition by te.trace_id) as total,
             row_number() over (partition by te.trace_id order by te.created_at desc, te.id desc) as recency
      from trace_evaluations te
      left join judges on judges.id = te.judge_id
      where te.project_id = ${scope.projectId}
        and te.organization_id = ${scope.organizationId}
        and te.trace_id in (${sql.join(traceIds)})
    ) ranked
    where recency <= ${LAST_EVALUATIONS}
    order by trace_id, recency
  `.execute(db);
  for (const row of rows) {
    let summary = summaries.get(row.trace_id);
    if (!summary) {
      summary = { count: Number(row.total), last: [] };
      summaries.set(row.trace_id, summary);
    }
    summary.last.push({
      judge_id: row.judge_id,
      judge_name: snapshotName(row.judge_snapshot) ?? row.judge_name ?? "",
      judge_version: Number(row.judge_version),
      created_at: row.created_at,
      ...(row.passed === null ? {} : { passed: Number(row.passed) === 1 }),
    });
  }
  return summaries;
}

/** The judge's name in the snapshot taken when the evaluation was created. */
function snapshotName(snapshot: string): string | undefined {
  try {
    const name = (JSON.parse(snapshot) as { name?: unknown }).name;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}
