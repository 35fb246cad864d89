import type { Kysely } from "kysely";
import type { DatabaseSchema } from "./schema.ts";

/**
 * Runs `work` in a transaction: the caller's own when `handle` already is one (a repository
 * made for a transaction), a new one otherwise. Lets a repository write two things atomically
 * whether or not its caller opened a transaction.
 */
export function inTransaction<T>(
  handle: Kysely<DatabaseSchema>,
  work: (trx: Kysely<DatabaseSchema>) => Promise<T>,
): Promise<T> {
  return handle.isTransaction ? work(handle) : handle.transaction().execute(work);
}
