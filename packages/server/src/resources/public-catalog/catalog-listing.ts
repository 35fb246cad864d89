import type {
  CatalogModel,
  PublicBenchmarksQuery,
  PublicBenchmarksResponse,
  PublicModelsQuery,
  PublicModelsResponse,
} from "@assay/protocol";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import { createBenchmarkRepository } from "../benchmarks/repository.ts";
import { contains, inList, matchesCatalogModel } from "../models/model-filter.ts";

/**
 * The public catalog pages (protocol §12.1, §12.2): filters, facets over the whole catalog,
 * sorting and pagination. The catalogs are small and in memory, so this is plain array work.
 */
export function createPublicCatalog(deps: { catalog: Catalog; db: Database }) {
  const benchmarkRepo = createBenchmarkRepository(deps.db);

  return {
    models(query: PublicModelsQuery): PublicModelsResponse {
      const all = deps.catalog.models
        .map((m) => deps.catalog.toModel(m))
        .filter((m) => query.include_deprecated || !m.deprecated);
      const matches = all.filter(
        (m) =>
          matchesCatalogModel(m, query) &&
          matchesFreeText([m.name, m.key, m.company, m.description], query.query) &&
          (!query.ids?.length || query.ids.includes(m.id)) &&
          inList(m.size, query.sizes),
      );
      const sorted = sortModels(matches, query);
      const page = paginate(sorted, query);
      return {
        models: page,
        categories: facet(all.flatMap((m) => m.categories)),
        companies: facet(all.map((m) => m.company)),
        regions: facet(all.map((m) => m.region)),
        licenses: facet(all.map((m) => m.license)),
        sizes: facet(all.map((m) => m.size)),
        count: page.length,
        total_count: matches.length,
      };
    },

    async benchmarks(query: PublicBenchmarksQuery): Promise<PublicBenchmarksResponse> {
      const state = await benchmarkRepo.catalogState();
      const all = deps.catalog.benchmarks
        .map((d) => deps.catalog.toBenchmark(d, state.get(d.id)))
        .filter((b) => query.include_deprecated || !b.deprecated);
      const matches = all.filter(
        (b) =>
          contains(b.name, query.name) &&
          contains(b.key, query.key) &&
          matchesFreeText([b.name, b.key, b.description], query.query) &&
          (!query.ids?.length || query.ids.includes(b.id)) &&
          inList(b.language, query.languages) &&
          (!query.categories?.length || b.categories.some((c) => inList(c, query.categories))),
      );
      const direction = query.order === "desc" ? -1 : 1;
      const sorted = [...matches].sort((a, b) =>
        query.sort_by === "prompt_count"
          ? direction * (a.prompt_count - b.prompt_count)
          : direction * a.name.localeCompare(b.name),
      );
      const page = paginate(sorted, query);
      return {
        datasets: page,
        categories: facet(all.flatMap((b) => b.categories)),
        languages: facet(all.map((b) => b.language)),
        count: page.length,
        total_count: matches.length,
      };
    },
  };
}

export type PublicCatalog = ReturnType<typeof createPublicCatalog>;

/**
 * Without `sort_by`, models that can run here come first (clients that pick `models[0]` as a
 * judge get one that works), then by name.
 */
function sortModels(models: CatalogModel[], query: PublicModelsQuery): CatalogModel[] {
  const direction = query.order === "desc" ? -1 : 1;
  const key = query.sort_by;
  return [...models].sort((a, b) => {
    if (key === undefined)
      return Number(b.runnable) - Number(a.runnable) || a.name.localeCompare(b.name);
    const field = key === "created_at" ? "released_at" : key;
    return direction * compareNullable(a[field], b[field]) || a.name.localeCompare(b.name);
  });
}

/** Nulls last whatever the direction would say; numbers numerically, text by locale. */
function compareNullable(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return typeof a === "number" && typeof b === "number"
    ? a - b
    : String(a).localeCompare(String(b));
}

function matchesFreeText(fields: (string | null)[], text: string | undefined): boolean {
  return text === undefined || fields.some((f) => f !== null && contains(f, text));
}

function paginate<T>(items: T[], query: { page: number; page_size: number }): T[] {
  const start = (query.page - 1) * query.page_size;
  return items.slice(start, start + query.page_size);
}

/** Distinct non-empty values, sorted: the facet lists of a catalog page. */
function facet(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))].sort((a, b) =>
    a.localeCompare(b),
  );
}
