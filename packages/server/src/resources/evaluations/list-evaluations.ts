import type { ListEvaluationsQuery } from "@assay/protocol";
import { type ExpressionBuilder, sql } from "kysely";
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
 * One page of an organization's (or one project's) evaluations with the filters of protocol
 * §6.3, newest first by default. `unique` keeps, per model and benchmark, the newest evaluation
 * among those the other filters let through.
 */
export async function listEvaluationRows(
  db: Database,
  input: { organizationId: string; projectId?: string; query: ListEvaluationsQuery },
): Promise<{ rows: EvaluationRow[]; total: number }> {
  const { query } = input;
  // The same filters apply to the page and, for `unique`, to the newer rows it looks for.
  const filters = (table: "evaluations" | "newer") => {
    const column = (name: string) => sql.ref(`${table}.${name}`);
    const conditions = [sql`${column("organization_id")} = ${input.organizationId}`];
    if (input.projectId !== undefined)
      conditions.push(sql`${column("project_id")} = ${input.projectId}`);
    if (query.models?.length)
      conditions.push(sql`${column("model_id")} in (${sql.join(query.models)})`);
    if (query.datasets?.length)
      conditions.push(sql`${column("benchmark_id")} in (${sql.join(query.datasets)})`);
    if (query.status !== undefined) conditions.push(sql`${column("status")} = ${query.status}`);
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
