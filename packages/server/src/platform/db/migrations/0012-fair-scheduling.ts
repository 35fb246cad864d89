import type { Kysely } from "kysely";

/**
 * Fair scheduling of the embedded queue (platform/queue/README.md): a worker claims the due job
 * whose fairness key (its organization) has the fewest active jobs, then the lowest rank, then the
 * oldest. The claim index serves both: its `status` finds the few active jobs to count per key,
 * and the rank follows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("jobs")
    .addColumn("rank", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("jobs").addColumn("fair_key", "text").execute();
  await db.schema.dropIndex("jobs_claim_idx").execute();
  await db.schema
    .createIndex("jobs_claim_idx")
    .on("jobs")
    .columns(["status", "rank", "run_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("jobs").dropColumn("fair_key").execute();
  await db.schema.dropIndex("jobs_claim_idx").execute();
  await db.schema.createIndex("jobs_claim_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.alterTable("jobs").dropColumn("rank").execute();
}
