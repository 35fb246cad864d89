import type { CatalogEntries, CatalogEntry } from "../../catalog/catalog-entries.ts";
import type { Database } from "../../platform/db/database.ts";
import { createAttachmentsRepository } from "./attachments-repository.ts";
import { createCatalogRowsRepository } from "./catalog-rows-repository.ts";

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
  // `created_at === now` tells an entry this run inserted from an existing one.
  const isNew = (e: CatalogEntry, createdAt: string) => createdAt === now && !e.deprecated;
  await db.transaction().execute(async (trx) => {
    const rows = createCatalogRowsRepository(trx);
    const newModels: string[] = [];
    for (const m of catalog.models)
      if (isNew(m, await rows.upsertModel(m, now))) newModels.push(m.id);
    const newBenchmarks: string[] = [];
    for (const b of catalog.benchmarks)
      if (isNew(b, await rows.upsertBenchmark(b, now))) newBenchmarks.push(b.id);
    const attachments = createAttachmentsRepository(trx);
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
