import type { CatalogBenchmark, CatalogModel } from "@assay/protocol";
import {
  type BenchmarkDefinition,
  BUILTIN_BENCHMARKS,
  findBuiltinBenchmark,
} from "./benchmarks/index.ts";
import {
  type CatalogModel as CatalogModelEntry,
  isRunnable,
  loadModelCatalog,
  type ResolvedProvider,
} from "./models/model-catalog.ts";

/** What is known about a built-in benchmark's data in this installation. */
export interface BuiltinState {
  version: string | null;
  promptCount: number;
}

/**
 * The catalogs a server offers: public models (from the data file, with this installation's
 * provider configuration) and built-in benchmarks, with their wire shapes.
 */
export interface Catalog {
  models: readonly CatalogModelEntry[];
  benchmarks: readonly BenchmarkDefinition[];
  providers: ReadonlyMap<string, ResolvedProvider>;
  findModel(id: string): CatalogModelEntry | undefined;
  /** By id, or by key (`gsm8k`). */
  findBenchmark(idOrKey: string): BenchmarkDefinition | undefined;
  toModel(entry: CatalogModelEntry): CatalogModel;
  toBenchmark(definition: BenchmarkDefinition, state: BuiltinState | undefined): CatalogBenchmark;
}

/** `providers`: the catalog's providers as configured (config.ts resolves them from the environment). */
export function createCatalog(providers: ReadonlyMap<string, ResolvedProvider>): Catalog {
  const modelCatalog = loadModelCatalog();
  return {
    models: modelCatalog.models,
    benchmarks: BUILTIN_BENCHMARKS,
    providers,
    findModel: (id) => modelCatalog.findById(id),
    findBenchmark: (idOrKey) => findBuiltinBenchmark(idOrKey),
    toModel: (entry) => ({
      id: entry.id,
      key: entry.key,
      name: entry.name,
      description: entry.description,
      company: entry.company,
      released_at: entry.released_at,
      parameters: entry.parameters,
      modality: entry.modality,
      context_length: entry.context_length,
      architecture_type: entry.architecture_type,
      license: entry.license,
      open_weights: entry.open_weights,
      region: entry.region,
      deprecated: entry.deprecated,
      key_takeaways: entry.key_takeaways,
      cost_per_input_token: entry.cost_per_input_token,
      cost_per_output_token: entry.cost_per_output_token,
      provider: entry.provider,
      runnable: isRunnable(entry, providers),
      request_profile: entry.request_profile,
      size: entry.size,
      categories: entry.categories,
    }),
    toBenchmark: (definition, state) => ({
      id: definition.id,
      key: definition.key,
      name: definition.name,
      description: definition.description,
      full_description: definition.description,
      language: definition.language,
      categories: [...definition.categories],
      // Before the data is loaded, the canonical count the loader will insist on.
      prompt_count: state?.version ? state.promptCount : definition.prompt_count,
      deprecated: false,
      is_public: true,
      scoring: {
        prompt_template: definition.scoring.prompt_template,
        answer_extraction: definition.scoring.answer_extraction,
        scorer: definition.scoring.scorer,
        regex_pattern: definition.scoring.regex_pattern ?? null,
      },
      version: state?.version ?? null,
      loaded: Boolean(state?.version),
      source: {
        url: definition.source.url,
        homepage: definition.source.homepage,
        license: definition.source.license,
        gated: definition.source.gated ?? null,
      },
      figures: (definition.figures ?? []).map(({ name, description }) => ({ name, description })),
    }),
  };
}
