import { type ListTraceEvaluationsQuery, timeRangeMs } from "@assay/protocol";
import { sql } from "kysely";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import type { TraceEvaluationRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

/**
 * One page of a project's trace evaluations with the filters of protocol §10.3, newest first by
 * default, and the number matching on all pages.
 * - `outcome`: `pass`/`fail` are verdicts, so only evaluations that have one (`success`) match.
 * - `search`: the judge's current name, the verdict's reasoning, and the trace's input.
 * - Sorting by `finished_at` or `score` puts evaluations without one last in either direction
 *   (the dialects disagree on where NULLs go by default).
 */
export async function listTraceEvaluationRows(
  db: Database,
  input: { scope: ProjectScope; query: ListTraceEvaluationsQuery; now: Date },
): Promise<{ rows: TraceEvaluationRow[]; total: number }> {
  const { scope, query } = input;
  let base = db
    .selectFrom("trace_evaluations as te")
    .where("te.organization_id", "=", scope.organizationId)
    .where("te.project_id", "=", scope.projectId);
  if (query.judge_id !== undefined) base = base.where("te.judge_id", "=", query.judge_id);
  if (query.trace_id !== undefined) base = base.where("te.trace_id", "=", query.trace_id);
  if (query.outcome !== undefined)
    base = base
      .where("te.status", "=", "success")
      .where("te.passed", "=", query.outcome === "pass" ? 1 : 0);
  if (query.time_range !== undefined) {
    const since = new Date(input.now.getTime() - timeRangeMs(query.time_range));
    base = base.where("te.created_at", ">=", since.toISOString());
  }
  if (query.search !== undefined) {
    const text = query.search;
    const like = (column: string) => containsText(column, text);
    base = base
      .leftJoin("judges", "judges.id", "te.judge_id")
      .leftJoin("traces", "traces.id", "te.trace_id")
      .where((eb) => eb.or([like("judges.name"), like("te.reasoning"), like("traces.input")]));
  }

  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const column = sql.ref(`te.${query.sort_by ?? "created_at"}`);
  const direction = query.sort_order ?? "desc";
  const rows = await base
    .selectAll("te")
    .orderBy(sql`case when ${column} is null then 1 else 0 end`)
    .orderBy(column, direction)
    .orderBy("te.id", direction)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { rows, total: Number(total) };
}
