import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Rate-limit buckets for the PostgreSQL limiter (`platform/rate-limit/postgres-rate-limiter.ts`).
 *
 * `taken`: how many requests the bucket's last statement let in. One statement now serves all the
 * requests of a key that arrived while the previous one ran, and each of them needs to know
 * whether it was among those let in.
 *
 * UNLOGGED on PostgreSQL: every authenticated request updates its key's bucket; logged, each of
 * those commits waits for a WAL flush, which capped the whole API at ~1,500 requests/s on one key
 * (bench/api-overhead.ts), unlogged the same upsert runs at ~6,600/s. A bucket is worth nothing
 * after a crash: PostgreSQL empties an unlogged table on crash recovery, and an empty table means
 * full buckets, what a new key gets. (Nor are unlogged tables replicated to standbys: buckets
 * need not be.) SQLite's limiter lives in the process; its table stays, unused, of the same shape.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("rate_limit_buckets")
    .addColumn("taken", "double precision", (c) => c.notNull().defaultTo(0))
    .execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limit_buckets set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table rate_limit_buckets set logged`.execute(db);
  }
  await db.schema.alterTable("rate_limit_buckets").dropColumn("taken").execute();
}
