import { type ListTracesQuery, timeRangeMs } from "@assay/protocol";
import type { ExpressionBuilder } from "kysely";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import type { DatabaseSchema, TraceRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

type Builder = ExpressionBuilder<DatabaseSchema, "traces">;

/**
 * The verdict of a trace's latest judged evaluation (by one judge when given): 1 passed, 0
 * failed, null when none has a verdict yet. A re-run still pending does not hide the last verdict.
 */
function latestVerdict(eb: Builder, judgeId: string | undefined) {
  let verdict = eb
    .selectFrom("trace_evaluations as te")
    .select("te.passed")
    .whereRef("te.trace_id", "=", "traces.id")
    .where("te.passed", "is not", null);
  if (judgeId !== undefined) verdict = verdict.where("te.judge_id", "=", judgeId);
  return verdict.orderBy("te.created_at", "desc").orderBy("te.id", "desc").limit(1);
}

/**
 * One page of a project's traces with the filters of protocol §9.3, newest first by default.
 * Ties (the traces of one file share their creation time) keep file order.
 */
export async function listTraceRows(
  db: Database,
  scope: ProjectScope,
  query: ListTracesQuery,
  now: Date,
): Promise<{ rows: TraceRow[]; total: number }> {
  let base = db
    .selectFrom("traces")
    .where("traces.organization_id", "=", scope.organizationId)
    .where("traces.project_id", "=", scope.projectId);
  if (query.source !== undefined) base = base.where("traces.filename", "=", query.source);
  if (query.time_range !== undefined)
    base = base.where(
      "traces.created_at",
      ">=",
      new Date(now.getTime() - timeRangeMs(query.time_range)).toISOString(),
    );
  if (query.search !== undefined) {
    const text = query.search;
    base = base.where((eb) =>
      eb.or([containsText("traces.input", text), containsText("traces.filename", text)]),
    );
  }
  const judgeId = query.judge_id;
  if (judgeId !== undefined) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("trace_evaluations as te")
          .select("te.id")
          .whereRef("te.trace_id", "=", "traces.id")
          .where("te.judge_id", "=", judgeId),
      ),
    );
  }
  if (query.status !== undefined) {
    const wanted = query.status === "pass" ? 1 : 0;
    base = base.where((eb) => eb(latestVerdict(eb, judgeId), "=", wanted));
  }

  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const sortBy = query.sort_by ?? "created_at";
  // Newest first, names and positions ascending, unless the caller says otherwise.
  const direction = query.sort_order ?? (sortBy === "created_at" ? "desc" : "asc");
  let page = base.selectAll("traces").orderBy(`traces.${sortBy}`, direction);
  if (sortBy !== "created_at") page = page.orderBy("traces.created_at", "desc");
  if (sortBy !== "position") page = page.orderBy("traces.position", "asc");
  const rows = await page
    .orderBy("traces.id", "asc")
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { rows, total: Number(total) };
}
