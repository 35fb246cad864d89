import { type Kysely, sql } from "kysely";

/**
 * Indexes that keep a 100,000-prompt evaluation's results cheap to read. `GET /results` with an
 * outcome filter counts and skips through (evaluation, passed, position) or the few failed model
 * calls without touching a row; a comparison pairs two runs' prompts through (evaluation, prompt
 * id) → position rather than building a transient index per query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("evaluation_results_passed_idx")
    .on("evaluation_results")
    .columns(["evaluation_id", "passed", "position"])
    .execute();
  // Partial: failed model calls are a few percent of the rows, and only this filter asks for them.
  await db.schema
    .createIndex("evaluation_results_error_idx")
    .on("evaluation_results")
    .columns(["evaluation_id", "position"])
    .where(sql.ref("error"), "is not", null)
    .execute();
  await db.schema
    .createIndex("evaluation_samples_prompt_idx")
    .on("evaluation_samples")
    .columns(["evaluation_id", "prompt_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "evaluation_samples_prompt_idx",
    "evaluation_results_error_idx",
    "evaluation_results_passed_idx",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
