import type { Database } from "../platform/db/database.ts";
import { createAttachmentsRepository } from "../resources/projects/attachments-repository.ts";
import type { Catalog } from "./catalog.ts";

interface CatalogEntry {
  id: string;
  key: string;
  name: string;
  description: string;
  deprecated: boolean;
}

/** The catalog entries mirrored into the database, models and benchmarks alike. */
export interface CatalogEntries {
  models: readonly CatalogEntry[];
  benchmarks: readonly CatalogEntry[];
}

export function catalogEntries(catalog: Catalog): CatalogEntries {
  return {
    models: catalog.models,
    benchmarks: catalog.benchmarks.map((b) => ({ ...b, deprecated: false })),
  };
}

/**
 * Mirrors the catalogs into the database (one row per entry, for references and attachments;
 * details stay in the catalog files). Entries new to the catalog are attached to every project,
 * as a new project gets the whole (non-deprecated) catalog. Safe to run from several processes at
 * once: an entry is inserted, and attached, by exactly one of them.
 */
export async function syncCatalog(
  db: Database,
  catalog: CatalogEntries,
  now: string,
): Promise<void> {
  // A catalog row holds what references and listings join on; the columns of a project's own
  // entries stay null. `created_at === now` tells an entry this run inserted from an existing one.
  const row = (e: CatalogEntry) => ({
    id: e.id,
    kind: "catalog" as const,
    key: e.key,
    name: e.name,
    description: e.description,
    created_at: now,
    updated_at: now,
  });
  const isNew = (e: CatalogEntry, inserted: { created_at: string }) =>
    inserted.created_at === now && !e.deprecated;

  await db.transaction().execute(async (trx) => {
    const attachments = createAttachmentsRepository(trx);
    const newModels: string[] = [];
    for (const m of catalog.models) {
      const inserted = await trx
        .insertInto("models")
        .values(row(m))
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            description: eb.ref("excluded.description"),
          })),
        )
        .returning("created_at")
        .executeTakeFirstOrThrow();
      if (isNew(m, inserted)) newModels.push(m.id);
    }
    const newBenchmarks: string[] = [];
    for (const b of catalog.benchmarks) {
      const inserted = await trx
        .insertInto("benchmarks")
        .values({
          ...row(b),
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
      if (isNew(b, inserted)) newBenchmarks.push(b.id);
    }
    await attachments.attachCatalog("models", newModels, now);
    await attachments.attachCatalog("benchmarks", newBenchmarks, now);
  });
}

/** Attaches the non-deprecated catalog to a new project. */
export async function attachCatalogToProject(
  db: Database,
  catalog: CatalogEntries,
  projectId: string,
  now: string,
): Promise<void> {
  const attachments = createAttachmentsRepository(db);
  const live = (entries: readonly CatalogEntry[]) =>
    entries.filter((e) => !e.deprecated).map((e) => e.id);
  await attachments.attachCatalog("models", live(catalog.models), now, projectId);
  await attachments.attachCatalog("benchmarks", live(catalog.benchmarks), now, projectId);
}
