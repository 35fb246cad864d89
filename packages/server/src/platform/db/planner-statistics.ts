import { PostgresAdapter, sql } from "kysely";
import type { Database } from "./database.ts";

/** Autovacuum's default share (autovacuum_analyze_scale_factor): a tenth of the rows changed. */
const GROWN_SHARE = 0.1;

/**
 * PostgreSQL: refreshes the planner's statistics of `tables` when `addedRows` are a tenth or more
 * of the rows it last counted there, or it never counted. Autovacuum does the same within about a
 * minute; until then the planner takes a table that grew by 100,000 rows for the small one it
 * measured, and a comparison of that run picked a plan that ran for minutes. A no-op on SQLite,
 * whose queries do not rely on statistics (they fix their join order).
 */
export async function refreshPlannerStatistics(
  db: Database,
  tables: readonly string[],
  addedRows: number,
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of tables) {
    // reltuples: the planner's row count, -1 until the table is first analyzed.
    const counted = await sql<{ reltuples: number }>`
      select reltuples from pg_class where oid = to_regclass(${table})`.execute(db);
    const rows = Number(counted.rows[0]?.reltuples ?? -1);
    if (rows < 0 || addedRows >= rows * GROWN_SHARE)
      await sql`analyze ${sql.table(table)}`.execute(db);
  }
}
