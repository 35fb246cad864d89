import type { Database } from "../../platform/db/database.ts";

/** Names of the models and benchmarks that evaluations refer to (catalog and custom alike). */
export function createNameRepository(db: Database) {
  return {
    models: (ids: readonly string[]) =>
      db.selectFrom("models").select(["id", "name", "key"]).where("id", "in", ids).execute(),

    benchmarks: (ids: readonly string[]) =>
      db
        .selectFrom("benchmarks")
        .select(["id", "name", "description"])
        .where("id", "in", ids)
        .execute(),
  };
}
