import type { Kysely } from "kysely";

/**
 * A custom model's own prices, USD per token as decimal text like the catalog's (null: none), so
 * its runs have a cost, can be planned and can take a budget. (0018 is repeats'.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("models").addColumn("cost_per_input_token", "text").execute();
  await db.schema.alterTable("models").addColumn("cost_per_output_token", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("models").dropColumn("cost_per_output_token").execute();
  await db.schema.alterTable("models").dropColumn("cost_per_input_token").execute();
}
