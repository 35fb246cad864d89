import type { Catalog } from "./catalog.ts";

/** What the database keeps of one catalog entry: enough for references, listings and attachments. */
export interface CatalogEntry {
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
