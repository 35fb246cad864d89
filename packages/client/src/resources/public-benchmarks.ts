import {
  type BenchmarkPrompt,
  type CatalogBenchmark,
  type PublicBenchmarksQuery,
  type PublicBenchmarksResponse as PublicBenchmarksWire,
  routes,
} from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import { type CatalogPageParams, catalogPageQuery } from "./catalog-page.ts";
import { collectPrompts, type PromptPage, type PromptParams, promptQuery } from "./prompts.ts";
import { listParam } from "./query.ts";
import { APIResource } from "./resource.ts";

/** Search, filters, sorting and paging of the built-in benchmark catalog (protocol §12.2). */
export interface PublicBenchmarksParams extends CatalogPageParams {
  languages?: readonly string[] | undefined;
  /** Default: by name. */
  sort_by?: NonNullable<PublicBenchmarksQuery["sort_by"]> | undefined;
}

/**
 * What `publicClient.benchmarks.get()` answers: the page as `benchmarks` (the wire's `datasets`),
 * like `client.benchmarks.get()`, with the facets and counts of the wire answer.
 */
export interface PublicBenchmarksResponse extends Omit<PublicBenchmarksWire, "datasets"> {
  benchmarks: CatalogBenchmark[];
}

/** `publicClient.benchmarks`: the built-in benchmark catalog and its prompts. */
export class PublicBenchmarks extends APIResource {
  /** One page of matching benchmarks, with facets over the whole catalog and the total count. */
  async get(
    params: PublicBenchmarksParams = {},
    options?: RequestOptions,
  ): Promise<PublicBenchmarksResponse> {
    const { datasets, ...page } = await this.client.request(
      routes.listPublicBenchmarks,
      {
        query: {
          ...catalogPageQuery(params),
          languages: listParam(params.languages),
          sort_by: params.sort_by,
        },
      },
      options,
    );
    return { benchmarks: datasets, ...page };
  }

  /**
   * One page of a built-in benchmark's prompts. The server downloads a benchmark's data on first
   * use, so the first call can take a while.
   */
  async getPrompts(
    benchmarkId: string,
    params: PromptParams = {},
    options?: RequestOptions,
  ): Promise<PromptPage> {
    const { data } = await this.client.request(
      routes.listPublicBenchmarkPrompts,
      { params: { benchmark_id: benchmarkId }, query: promptQuery(params) },
      options,
    );
    return data;
  }

  /** Every prompt of a built-in benchmark, read in pages of 100. */
  getAllPrompts(benchmarkId: string, options?: RequestOptions): Promise<BenchmarkPrompt[]> {
    return collectPrompts((params) => this.getPrompts(benchmarkId, params, options));
  }
}
