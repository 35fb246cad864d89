import type { Kysely } from "kysely";

/**
 * Fair scheduling of the embedded queue (platform/queue/README.md): each job has a rank, and a
 * worker claims the due job of lowest rank first, then the oldest. The claim index leads with the
 * rank so that order is read from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("jobs")
    .addColumn("rank", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex("jobs_claim_idx").execute();
  await db.schema
    .createIndex("jobs_claim_idx")
    .on("jobs")
    .columns(["status", "rank", "run_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("jobs_claim_idx").execute();
  await db.schema.createIndex("jobs_claim_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.alterTable("jobs").dropColumn("rank").execute();
}
