import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import type { EvaluationSearch } from "./evaluation-search.ts";

/** One page (the newest 100) of the project's evaluations matching the URL's filters. */
export function useEvaluations(search: EvaluationSearch) {
  return useQuery({
    queryKey: ["evaluations", search],
    queryFn: ({ signal }) =>
      getClient().evaluations.getMany(
        {
          modelIds: search.model ? [search.model] : undefined,
          benchmarkIds: search.benchmark ? [search.benchmark] : undefined,
          status: search.status,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
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
