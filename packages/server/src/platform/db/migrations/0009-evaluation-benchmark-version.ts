import type { Kysely } from "kysely";

/**
 * The version of its benchmark an evaluation ran (a catalog benchmark's source sha256), recorded
 * when it is created: the catalog's data can be reloaded later, and a comparison must know
 * whether both runs answered the same data. Null for custom benchmarks (an upload never changes)
 * and for evaluations created before this column existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluations").addColumn("benchmark_version", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluations").dropColumn("benchmark_version").execute();
}
