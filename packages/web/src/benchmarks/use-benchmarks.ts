import { type Benchmark, isCustomBenchmark } from "@assay/client";
import { APIStatusError } from "@assay/client/errors";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import type { PromptSearch } from "./prompt-search.ts";

export const benchmarksKey = ["benchmarks"] as const;

/** A smart benchmark whose prompts are still being written. */
export function isGenerating(benchmark: Benchmark): boolean {
  return isCustomBenchmark(benchmark) && benchmark.generation_status === "generating";
}

/** How often a generating benchmark is asked about again. */
const GENERATING_POLL_MS = 2000;

/**
 * The project's benchmarks (its own first, then attached built-in ones), read again every 2 s
 * while one of them is still generating, so its status changes on screen without a reload.
 */
export function useBenchmarks() {
  return useQuery({
    queryKey: benchmarksKey,
    queryFn: async ({ signal }) => (await getClient().benchmarks.get({}, { signal })).benchmarks,
    refetchInterval: (query) => (query.state.data?.some(isGenerating) ? GENERATING_POLL_MS : false),
  });
}

/** One benchmark, polled while it is generating (its prompt browser fills in once ready). */
export function useBenchmark(id: string) {
  return useQuery({
    queryKey: [...benchmarksKey, id],
    queryFn: ({ signal }) => getClient().benchmarks.getById(id, { signal }),
    // An unknown id stays unknown: say so at once.
    retry: (count, error) =>
      !(error instanceof APIStatusError && [401, 404].includes(error.statusCode)) && count < 1,
    refetchInterval: (query) =>
      query.state.data && isGenerating(query.state.data) ? GENERATING_POLL_MS : false,
  });
}

/** One page of a benchmark's prompts, searched by the server; the last page stays while the next loads. */
export function usePrompts(id: string, search: PromptSearch) {
  return useQuery({
    queryKey: [
      ...benchmarksKey,
      id,
      "prompts",
      search.page,
      search.size,
      search.field,
      search.q,
      search.subset,
    ],
    queryFn: ({ signal }) =>
      getClient().benchmarks.getPrompts(
        id,
        {
          page: search.page,
          page_size: search.size,
          search: search.q ? search.field : undefined,
          search_value: search.q,
          subset: search.subset,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** A benchmark's named subsets with their prompt counts (they change only with its data). */
export function useSubsets(id: string) {
  return useQuery({
    queryKey: [...benchmarksKey, id, "subsets"],
    queryFn: ({ signal }) => getClient().benchmarks.getSubsets(id, { signal }),
    staleTime: 5 * 60_000,
  });
}
