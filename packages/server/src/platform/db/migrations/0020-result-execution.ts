import type { Kysely } from "kysely";

/**
 * What running a result's code did, for scorers that run it (python_tests): JSON of the exit
 * reason, the bounded stdout and stderr, and the duration (the wire's ResultExecution). Null for
 * every other scorer, and for results stored before, which had only their one-line reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluation_results").addColumn("execution", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluation_results").dropColumn("execution").execute();
}
