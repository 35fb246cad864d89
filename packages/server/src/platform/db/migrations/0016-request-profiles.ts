import type { Kysely } from "kysely";

/**
 * Request profiles and reasoning. A custom model may name how it is asked (`request_profile`,
 * null: any OpenAI-compatible server). A result keeps the reasoning its model returned apart from
 * the scored response, and the tokens spent on it (part of `completion_tokens`, as providers
 * count and bill them); so do cached answers, and a run counts its reasoning tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("models").addColumn("request_profile", "text").execute();
  await db.schema.alterTable("evaluation_results").addColumn("reasoning", "text").execute();
  await db.schema
    .alterTable("evaluation_results")
    .addColumn("reasoning_tokens", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("response_cache").addColumn("reasoning", "text").execute();
  await db.schema
    .alterTable("response_cache")
    .addColumn("reasoning_tokens", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("evaluations")
    .addColumn("reasoning_tokens", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluations").dropColumn("reasoning_tokens").execute();
  await db.schema.alterTable("response_cache").dropColumn("reasoning_tokens").execute();
  await db.schema.alterTable("response_cache").dropColumn("reasoning").execute();
  await db.schema.alterTable("evaluation_results").dropColumn("reasoning_tokens").execute();
  await db.schema.alterTable("evaluation_results").dropColumn("reasoning").execute();
  await db.schema.alterTable("models").dropColumn("request_profile").execute();
}
