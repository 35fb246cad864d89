import type { Kysely } from "kysely";

/**
 * Repeats (epochs). A run that asks each prompt R times copies each prompt R times, at adjacent
 * positions (prompt i's repeat r at position i·R + r), and each copy knows its repeat. So every
 * (prompt, repeat) is a position of its own: the result's primary key still makes each one
 * answered exactly once, whatever the crashes, and chunks still split the run by positions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("evaluation_samples")
    .addColumn("repeat", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluation_samples").dropColumn("repeat").execute();
}
