import {
  type BenchmarkPrompt,
  type PublicBenchmarksQuery,
  type PublicBenchmarksResponse,
  routes,
} from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import { collectPrompts, type PromptPage, type PromptParams, promptQuery } from "./prompts.ts";
import { booleanParam, listParam, type SortOrder, textParam } from "./query.ts";
import { APIResource } from "./resource.ts";

/** Search, filters, sorting and paging of the built-in benchmark catalog (protocol §12.2). */
export interface PublicBenchmarksParams {
  /** Free text, looked for in name, key and description. */
  query?: string | undefined;
  name?: string | undefined;
  key?: string | undefined;
  ids?: readonly string[] | undefined;
  categories?: readonly string[] | undefined;
  languages?: readonly string[] | undefined;
  /** Default: by name. */
  sort_by?: NonNullable<PublicBenchmarksQuery["sort_by"]> | undefined;
  order?: SortOrder | undefined;
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, at most 500. */
  page_size?: number | undefined;
  /** Default false: deprecated benchmarks are left out. */
  include_deprecated?: boolean | undefined;
}

/** `publicClient.benchmarks`: the built-in benchmark catalog and its prompts. */
export class PublicBenchmarks extends APIResource {
  /** One page of matching benchmarks, with facets over the whole catalog and the total count. */
  get(
    params: PublicBenchmarksParams = {},
    options?: RequestOptions,
  ): Promise<PublicBenchmarksResponse> {
    return this.client.request(
      routes.listPublicBenchmarks,
      {
        query: {
          query: textParam(params.query),
          name: textParam(params.name),
          key: textParam(params.key),
          ids: listParam(params.ids),
          categories: listParam(params.categories),
          languages: listParam(params.languages),
          sort_by: params.sort_by,
          order: params.order,
          page: params.page,
          page_size: params.page_size,
          include_deprecated: booleanParam(params.include_deprecated),
        },
      },
      options,
    );
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
