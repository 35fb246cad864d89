import type { Catalog } from "../catalog/catalog.ts";
import type { Clock } from "../platform/clock.ts";
import type { Database } from "../platform/db/database.ts";
import type { HostRule } from "../platform/ssrf/host-rules.ts";
import { createBuiltinData } from "../resources/benchmarks/builtin-data.ts";
import { createBenchmarkRepository } from "../resources/benchmarks/repository.ts";

/**
 * `assay catalog …`: the data of built-in benchmarks, managed directly on the configured database
 * and data dir. `import` loads a local copy of a benchmark's canonical file (air-gapped installs)
 * or downloads it now instead of on first use.
 */
export function createCatalogAdmin(deps: {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  dataDir: string;
  datasetMirrorUrl?: string;
  /** ALLOWED_MODEL_HOSTS: private addresses a download may reach. */
  allowedHosts?: readonly HostRule[];
}) {
  const data = createBuiltinData({ ...deps, mirrorUrl: deps.datasetMirrorUrl });

  return {
    /** Built-in benchmarks and whether their data is loaded. */
    async list() {
      const state = await createBenchmarkRepository(deps.db).catalogState();
      return deps.catalog.benchmarks.map((b) => deps.catalog.toBenchmark(b, state.get(b.id)));
    },

    /** Imports `file` (checked like a download), or downloads the canonical file when omitted. */
    async import(key: string, file?: string) {
      const definition = deps.catalog.findBenchmark(key);
      if (!definition) {
        const keys = deps.catalog.benchmarks.map((b) => b.key).join(", ");
        throw new Error(`no built-in benchmark ${key}; the built-in benchmarks are ${keys}`);
      }
      const loaded =
        file === undefined
          ? await data.importFromSource(definition)
          : await data.importFile(definition, file);
      return {
        id: definition.id,
        key: definition.key,
        prompt_count: loaded.prompts.length,
        version: loaded.sha256,
      };
    },
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
