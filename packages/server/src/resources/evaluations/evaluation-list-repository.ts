import type { ListEvaluationsQuery } from "@assay/protocol";
import { type ExpressionBuilder, sql } from "kysely";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import type { DatabaseSchema, EvaluationRow } from "../../platform/db/schema.ts";

type Builder = ExpressionBuilder<DatabaseSchema, "evaluations">;

/** Sort keys of the wire, as expressions over the stored counters. */
const SORT_EXPRESSIONS = {
  submitted_at: sql`evaluations.submitted_at`,
  accuracy: sql`case when evaluations.done_count = 0 then 0.0 else 1.0 * evaluations.correct_count / evaluations.done_count end`,
  average_duration: sql`case when evaluations.done_count - evaluations.failed_count - evaluations.cached_count <= 0 then 0.0 else 1.0 * evaluations.duration_ms_sum / (evaluations.done_count - evaluations.failed_count - evaluations.cached_count) end`,
} as const;

/**
 * Which evaluations a listing draws from: one project's (protocol §6.3), or the public listing
 * (§12.3), which is everything the caller may read: its organization's evaluations and those any
 * organization made public.
 */
export type ListingScope =
  | { project: { organizationId: string; projectId: string } }
  | { visibleTo: string };

/**
 * One page of the scope's evaluations with the filters of protocol §6.3, newest first by default.
 * `unique` keeps, per model and benchmark, the newest evaluation among those the other filters
 * let through.
 */
export async function listEvaluationRows(
  db: Database,
  input: { scope: ListingScope; query: ListEvaluationsQuery },
): Promise<{ rows: EvaluationRow[]; total: number }> {
  const { query, scope } = input;
  // The same filters apply to the page and, for `unique`, to the newer rows it looks for.
  const filters = (table: "evaluations" | "newer") => {
    const column = (name: string) => sql.ref(`${table}.${name}`);
    const conditions =
      "project" in scope
        ? [
            sql`${column("organization_id")} = ${scope.project.organizationId}`,
            sql`${column("project_id")} = ${scope.project.projectId}`,
          ]
        : [sql`(${column("organization_id")} = ${scope.visibleTo} or ${column("is_public")} = 1)`];
    if (query.models?.length)
      conditions.push(sql`${column("model_id")} in (${sql.join(query.models)})`);
    if (query.datasets?.length)
      conditions.push(sql`${column("benchmark_id")} in (${sql.join(query.datasets)})`);
    if (query.status !== undefined) conditions.push(sql`${column("status")} = ${query.status}`);
    if (query.search !== undefined) conditions.push(searchCondition(table, query.search));
    return sql<boolean>`${sql.join(conditions, sql` and `)}`;
  };

  let base = db.selectFrom("evaluations").where(filters("evaluations"));
  if (query.unique) {
    base = base.where((eb: Builder) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("evaluations as newer")
            .select("newer.id")
            .whereRef("newer.model_id", "=", "evaluations.model_id")
            .whereRef("newer.benchmark_id", "=", "evaluations.benchmark_id")
            .where(filters("newer"))
            .where((inner) =>
              inner.or([
                inner("newer.submitted_at", ">", inner.ref("evaluations.submitted_at")),
                inner.and([
                  inner("newer.submitted_at", "=", inner.ref("evaluations.submitted_at")),
                  inner("newer.id", ">", inner.ref("evaluations.id")),
                ]),
              ]),
            ),
        ),
      ),
    );
  }
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const direction = query.order ?? "desc";
  const rows = await base
    .selectAll()
    .orderBy(SORT_EXPRESSIONS[query.sort_by ?? "submitted_at"], direction)
    .orderBy("evaluations.id", direction)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { rows, total: Number(total) };
}

/**
 * `search`: the text in the model's name or key, the benchmark's name or key, or the id. The
 * names live in their own tables; `exists` keeps one row per evaluation and lets the database
 * stop at the first match.
 */
function searchCondition(table: "evaluations" | "newer", text: string) {
  const named = (other: "models" | "benchmarks", column: string) =>
    sql`exists (select 1 from ${sql.table(other)} where ${sql.ref(`${other}.id`)} = ${sql.ref(
      `${table}.${column}`,
    )} and (${containsText(`${other}.name`, text)} or ${containsText(`${other}.key`, text)}))`;
  return sql<boolean>`(${containsText(`${table}.id`, text)} or ${named("models", "model_id")} or ${named("benchmarks", "benchmark_id")})`;
}
