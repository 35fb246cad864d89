import type { EvaluationSpaceFilters } from "@assay/protocol";

/** What a space's model filters can ask of a model; catalog facts are absent for custom models. */
export interface ModelFacts {
  id: string;
  vendor?: string;
  region?: string;
  provider: string;
}

/** What a space's dataset filters can ask of a benchmark; custom benchmarks have no facets. */
export interface BenchmarkFacts {
  id: string;
  categories: readonly string[];
  language?: string;
}

/** The provider filter's name for a project's own endpoints. */
export const CUSTOM_PROVIDER = "custom";

const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

/**
 * Whether an evaluation of this model on this benchmark belongs to a space. Every non-empty list
 * is a constraint that must hold (ids and names of vendors, regions, categories, languages
 * and providers in any case); an empty list constrains nothing. A constraint on a fact the entry
 * does not have (a custom model's vendor) does not hold.
 */
export function createSpaceMatcher(filters: EvaluationSpaceFilters) {
  const m = filters.model_filters;
  const d = filters.dataset_filters;
  const modelIds = lower(m.ids);
  const vendors = lower(m.vendors);
  const regions = lower(m.regions);
  const benchmarkIds = lower(d.ids);
  const categories = lower(d.categories);
  const languages = lower(d.languages);
  const providers = lower(filters.providers);
  const holds = (wanted: Set<string>, value: string | undefined) =>
    wanted.size === 0 || (value !== undefined && wanted.has(value.toLowerCase()));

  return {
    model: (model: ModelFacts) =>
      holds(modelIds, model.id) &&
      holds(vendors, model.vendor) &&
      holds(regions, model.region) &&
      holds(providers, model.provider),
    benchmark: (benchmark: BenchmarkFacts) =>
      holds(benchmarkIds, benchmark.id) &&
      holds(languages, benchmark.language) &&
      (categories.size === 0 || benchmark.categories.some((c) => categories.has(c.toLowerCase()))),
  };
}
