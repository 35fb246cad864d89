import { useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { isFinished } from "../shared/use-evaluation.ts";
import { LIVE_REFETCH_MS } from "./use-evaluations.ts";

/** The most runs a history lists: the newest first; the Evaluations list has the rest. */
export const HISTORY_SIZE = 100;

/** Whose runs a history lists: one model's, or one benchmark's. */
export type HistoryOf = { model: string } | { benchmark: string };

/** The newest runs of a model or of a benchmark, read again while any of them runs. */
export function useRunHistory(of: HistoryOf) {
  return useQuery({
    queryKey: ["run-history", of],
    queryFn: ({ signal }) =>
      getClient().evaluations.getMany(
        {
          modelIds: "model" in of ? [of.model] : undefined,
          benchmarkIds: "benchmark" in of ? [of.benchmark] : undefined,
          sortBy: "submitted_at",
          order: "desc",
          page: 1,
          pageSize: HISTORY_SIZE,
        },
        { signal },
      ),
    refetchInterval: (query) =>
      query.state.data?.evaluations.some((e) => !isFinished(e)) ? LIVE_REFETCH_MS : false,
  });
}
