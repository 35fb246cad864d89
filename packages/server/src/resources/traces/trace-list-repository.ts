import {
  type LatestTraceLabel,
  type ListTracesQuery,
  type TRACE_SORT_KEYS,
  type TraceEvaluationStatus,
  type TraceWithEvaluations,
  timeRangeMs,
} from "@assay/protocol";
import { type ExpressionBuilder, sql } from "kysely";
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
 * The status of a trace's latest evaluation, whatever its outcome (by one judge when given):
 * `failure` when the judge could not give a verdict.
 */
function latestStatus(eb: Builder, judgeId: string | undefined) {
  let status = eb
    .selectFrom("trace_evaluations as te")
    .select("te.status")
    .whereRef("te.trace_id", "=", "traces.id");
  if (judgeId !== undefined) status = status.where("te.judge_id", "=", judgeId);
  return status.orderBy("te.created_at", "desc").orderBy("te.id", "desc").limit(1);
}

/**
 * The traces list of a project: one page of traces with the list's filters, and each listed
 * trace's latest evaluations. Every query is confined to the caller's organization and project.
 */
export function createTraceListRepository(db: Database) {
  return {
    page: (scope: ProjectScope, query: ListTracesQuery, now: Date) =>
      listTraceRows(db, scope, query, now),
    evaluationSummaries: (scope: ProjectScope, traceIds: readonly string[]) =>
      evaluationSummaries(db, scope, traceIds),
    latestLabels: (scope: ProjectScope, traceIds: readonly string[]) =>
      latestLabels(db, scope, traceIds),
  };
}

/**
 * One page of a project's traces with the filters of protocol §9.3, newest first by default.
 * Ties (the traces of one file share their creation time) keep file order.
 */
async function listTraceRows(
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
  if (query.status === "error")
    base = base.where((eb) => eb(latestStatus(eb, judgeId), "=", "failure"));
  else if (query.status !== undefined) {
    const wanted = query.status === "pass" ? 1 : 0;
    base = base.where((eb) => eb(latestVerdict(eb, judgeId), "=", wanted));
  }
  for (const column of SUMMARY_FILTERS) {
    const value = query[column];
    if (value !== undefined) base = base.where(`traces.${column}`, "=", value);
  }
  if (query.min_duration_ms !== undefined)
    base = base.where("traces.duration_ms", ">=", query.min_duration_ms);

  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const sortBy = query.sort_by ?? "created_at";
  // Newest first, names and positions ascending, unless the caller says otherwise.
  const direction = query.sort_order ?? (sortBy === "created_at" ? "desc" : "asc");
  // Traces that do not say (no tokens, no price) come last either way: unknown is not zero.
  let page = base
    .selectAll("traces")
    .orderBy(sortExpression(sortBy, narrowed(query)), (ob) =>
      NULLABLE_SORTS.has(sortBy)
        ? (direction === "asc" ? ob.asc() : ob.desc()).nullsLast()
        : direction === "asc"
          ? ob.asc()
          : ob.desc(),
    );
  if (sortBy !== "created_at") page = page.orderBy("traces.created_at", "desc");
  if (sortBy !== "position") page = page.orderBy("traces.position", "asc");
  const rows = await page
    .orderBy("traces.id", "asc")
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { rows, total: Number(total) };
}

/** The summary columns the list filters on by one value. */
const SUMMARY_FILTERS = ["model", "service_name", "session_id", "user_id"] as const;

/** Whether a summary filter narrows the list to a few traces (its index finds them). */
function narrowed(query: ListTracesQuery): boolean {
  return SUMMARY_FILTERS.some((column) => query[column] !== undefined);
}

/**
 * The sort column, or under a summary filter the same values as an expression: SQLite, whose
 * plan cannot see the bound value, would otherwise walk the sort column's index through every
 * trace of the project (200 ms at 100k) instead of sorting the filter's few (1 ms).
 */
function sortExpression(sortBy: (typeof TRACE_SORT_KEYS)[number], filtered: boolean) {
  const column = sql.ref(`traces.${sortBy}`);
  if (!filtered || !NULLABLE_SORTS.has(sortBy)) return column;
  return sortBy === "model" ? sql`(${column} || '')` : sql`(${column} + 0)`;
}

/** Sort keys whose column may be null (the summary's). */
const NULLABLE_SORTS = new Set(["duration_ms", "total_tokens", "cost_usd", "model"]);

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
  status: string;
  total: number;
  recency: number;
}

/**
 * For a page of traces, in one query: how many evaluations each has, and its latest few with the
 * judge's name (as it was when the evaluation was made) and the verdict once there is one. Window
 * functions (SQLite ≥ 3.25, PostgreSQL) rank and count per trace without a query per trace.
 */
async function evaluationSummaries(
  db: Database,
  scope: ProjectScope,
  traceIds: readonly string[],
): Promise<Map<string, EvaluationSummary>> {
  const summaries = new Map<string, EvaluationSummary>();
  if (traceIds.length === 0) return summaries;
  const { rows } = await sql<SummaryRow>`
    select * from (
      select te.trace_id, te.judge_id, te.judge_version, te.judge_snapshot,
             judges.name as judge_name, te.created_at, te.passed, te.status,
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
      status: row.status as TraceEvaluationStatus,
    });
  }
  return summaries;
}

interface LabelRow {
  trace_id: string;
  judge_id: string;
  passed: number;
  created_by: string;
  updated_at: string;
}

/** For a page of traces, in one query: the label a person gave each most recently. */
async function latestLabels(
  db: Database,
  scope: ProjectScope,
  traceIds: readonly string[],
): Promise<Map<string, LatestTraceLabel>> {
  const labels = new Map<string, LatestTraceLabel>();
  if (traceIds.length === 0) return labels;
  const { rows } = await sql<LabelRow>`
    select trace_id, judge_id, passed, created_by, updated_at from (
      select a.trace_id, a.judge_id, a.passed, a.created_by, a.updated_at,
             row_number() over (partition by a.trace_id order by a.updated_at desc, a.id desc) as recency
      from annotations a
      where a.project_id = ${scope.projectId}
        and a.organization_id = ${scope.organizationId}
        and a.trace_id in (${sql.join(traceIds)})
    ) ranked
    where recency = 1
  `.execute(db);
  for (const row of rows)
    labels.set(row.trace_id, {
      passed: Number(row.passed) === 1,
      judge_id: row.judge_id,
      created_by: row.created_by,
      updated_at: row.updated_at,
    });
  return labels;
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
