import type { ListTracesQuery } from "@assay/protocol";
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { DatabaseSchema, TraceRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../organizations/service.ts";

type Builder = ExpressionBuilder<DatabaseSchema, "traces">;

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** The start of a `time_range` such as `24h`, `7d` or `2w`, as a stored timestamp. */
export function rangeStart(timeRange: string, now: Date): string {
  const unit = timeRange.at(-1) as keyof typeof UNIT_MS;
  return new Date(now.getTime() - Number(timeRange.slice(0, -1)) * UNIT_MS[unit]).toISOString();
}

/** A case-insensitive substring pattern for LIKE, its wildcards in the value matched literally. */
function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
    base = base.where("traces.created_at", ">=", rangeStart(query.time_range, now));
  if (query.search !== undefined) {
    const pattern = containsPattern(query.search);
    base = base.where(
      sql<boolean>`(lower(coalesce(traces.input, '')) like ${pattern} escape '\\' or lower(traces.filename) like ${pattern} escape '\\')`,
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
