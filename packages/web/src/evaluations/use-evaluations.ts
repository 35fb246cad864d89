import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { isFinished } from "../shared/use-evaluation.ts";
import { DEFAULT_PAGE_SIZE, type EvaluationSearch } from "./evaluation-search.ts";

/** While any evaluation on the page runs, the page is read again this often. */
export const LIVE_REFETCH_MS = 2000;

/**
 * One page of the project's evaluations as the URL says: filters, search, order and page all
 * applied by the server, so the page and its total agree with the whole list.
 */
export function useEvaluations(search: EvaluationSearch) {
  return useQuery({
    queryKey: ["evaluations", search],
    queryFn: ({ signal }) =>
      getClient().evaluations.getMany(
        {
          modelIds: search.model ? [search.model] : undefined,
          benchmarkIds: search.benchmark ? [search.benchmark] : undefined,
          status: search.status,
          search: search.q,
          sortBy: search.sort,
          order: search.order,
          page: search.page ?? 1,
          pageSize: search.page_size ?? DEFAULT_PAGE_SIZE,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.evaluations.some((e) => !isFinished(e)) ? LIVE_REFETCH_MS : false,
  });
}

/** The project's models and benchmarks: the choices of the filters. */
export function useFilterChoices() {
  return useQuery({
    queryKey: ["filter-choices"],
    queryFn: async ({ signal }) => {
      const client = getClient();
      const [models, benchmarks] = await Promise.all([
        client.models.get({}, { signal }),
        client.benchmarks.get({}, { signal }),
      ]);
      return {
        models: models.models.map((m) => ({ id: m.id, label: m.key })),
        benchmarks: benchmarks.benchmarks.map((b) => ({ id: b.id, label: b.key })),
      };
    },
    staleTime: 60_000,
  });
}
