import type { CatalogEntry } from "../../catalog/catalog-entries.ts";
import type { Database } from "../../platform/db/database.ts";

/**
 * The catalog's rows in the models and benchmarks tables: one per entry, holding what references
 * and listings join on (the columns of a project's own entries stay null).
 */
export function createCatalogRowsRepository(db: Database) {
  const row = (e: CatalogEntry, now: string) => ({
    id: e.id,
    kind: "catalog" as const,
    key: e.key,
    name: e.name,
    description: e.description,
    created_at: now,
    updated_at: now,
  });

  return {
    /** Inserts or renames a catalog model; answers its created_at (`now` when inserted now). */
    async upsertModel(entry: CatalogEntry, now: string): Promise<string> {
      const inserted = await db
        .insertInto("models")
        .values(row(entry, now))
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            description: eb.ref("excluded.description"),
          })),
        )
        .returning("created_at")
        .executeTakeFirstOrThrow();
      return inserted.created_at;
    },

    /** The same for a built-in benchmark (its prompts are loaded apart, on first use). */
    async upsertBenchmark(entry: CatalogEntry, now: string): Promise<string> {
      const inserted = await db
        .insertInto("benchmarks")
        .values({
          ...row(entry, now),
          metrics: "[]",
          generation_status: "ready",
          status_description: "",
          prompt_count: 0,
        })
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            description: eb.ref("excluded.description"),
          })),
        )
        .returning("created_at")
        .executeTakeFirstOrThrow();
      return inserted.created_at;
    },
  };
}
