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
  await db.transaction().execute(async (trx) => {
    const attachments = createAttachmentsRepository(trx);
    const newModels: string[] = [];
    for (const m of catalog.models) {
      const inserted = await trx
        .insertInto("models")
        .values({
          id: m.id,
          kind: "catalog",
          key: m.key,
          name: m.name,
          description: m.description,
          organization_id: null,
          project_id: null,
          api_url: null,
          max_tokens: null,
          api_key_sealed: null,
          extra_payload: null,
          provider_model: null,
          disabled_at: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            description: eb.ref("excluded.description"),
          })),
        )
        .returning(["id", "created_at"])
        .executeTakeFirstOrThrow();
      if (inserted.created_at === now && !m.deprecated) newModels.push(m.id);
    }
    const newBenchmarks: string[] = [];
    for (const b of catalog.benchmarks) {
      const inserted = await trx
        .insertInto("benchmarks")
        .values({
          id: b.id,
          kind: "catalog",
          key: b.key,
          name: b.name,
          description: b.description,
          organization_id: null,
          project_id: null,
          system_prompt: null,
          regex_pattern: null,
          scoring_metric: null,
          llm_judge_model_id: null,
          custom_instructions: null,
          input_type: null,
          metrics: "[]",
          generation_status: "ready",
          status_description: "",
          version: null,
          prompt_count: 0,
          disabled_at: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            description: eb.ref("excluded.description"),
          })),
        )
        .returning(["id", "created_at"])
        .executeTakeFirstOrThrow();
      if (inserted.created_at === now && !b.deprecated) newBenchmarks.push(b.id);
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
