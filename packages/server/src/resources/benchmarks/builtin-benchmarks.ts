import type { CatalogBenchmark, ListPromptsQuery, SubsetCount } from "@assay/protocol";
import { notFound } from "../../app-error.ts";
import type { BenchmarkDefinition } from "../../catalog/benchmarks/index.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import type { BuiltinData } from "./builtin-data.ts";
import { createPromptRepository } from "./prompt-repository.ts";
import { createBenchmarkRepository } from "./repository.ts";

export interface BuiltinBenchmarkDeps {
  db: Database;
  catalog: Catalog;
  builtinData: BuiltinData;
}

/**
 * Built-in benchmarks: catalog entries, whose data (prompts) is downloaded on first use
 * (builtin-data.ts). Which ones a project sees is its attachments' business (service.ts).
 */
export function createBuiltinBenchmarks(deps: BuiltinBenchmarkDeps) {
  const repo = createBenchmarkRepository(deps.db);
  const prompts = createPromptRepository(deps.db);

  return {
    /** Catalog entries as the wire shows them, with the state of their loaded data. */
    async toCatalogBenchmarks(
      definitions: readonly BenchmarkDefinition[],
    ): Promise<CatalogBenchmark[]> {
      const state = await repo.catalogState();
      return definitions.map((d) => deps.catalog.toBenchmark(d, state.get(d.id)));
    },

    /** Prompts of a built-in benchmark, downloading its data on first use. */
    async listPrompts(id: string, query: ListPromptsQuery) {
      const builtin = deps.catalog.findBenchmark(id);
      if (!builtin) throw notFound("benchmark");
      await deps.builtinData.ensureLoaded(builtin);
      return prompts.list(builtin.id, query);
    },

    /** Named subsets and their prompt counts; the data is loaded first. */
    async listSubsets(definition: BenchmarkDefinition): Promise<SubsetCount[]> {
      await deps.builtinData.ensureLoaded(definition);
      return prompts.subsetCounts(definition.id);
    },
  };
}
