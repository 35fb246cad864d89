import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Rate-limit buckets become an UNLOGGED table on PostgreSQL. Every authenticated request updates
 * its key's bucket row; logged, each of those commits waits for a WAL flush, which capped the
 * whole API at ~1,500 requests/s on one key (bench/api-overhead.ts), while unlogged the same
 * upsert runs at ~6,600/s. A bucket is worth nothing after a crash: PostgreSQL empties an
 * unlogged table on crash recovery, and an empty table means full buckets, exactly what a new
 * key gets. (Unlogged tables are not replicated to standbys either, which buckets do not need.)
 * SQLite keeps no buckets: its limiter lives in the process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limit_buckets set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limit_buckets set logged`.execute(db);
}
