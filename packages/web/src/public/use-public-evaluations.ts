import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { LIVE_REFETCH_MS } from "../evaluations/use-evaluations.ts";
import { isFinished } from "../shared/use-evaluation.ts";
import { DEFAULT_PAGE_SIZE, type PublicSearch } from "./public-search.ts";

/**
 * One page of the public listing (protocol §12.3): the signed-in organization's evaluations,
 * from every project, and those any other organization made public.
 */
export function usePublicEvaluations(search: PublicSearch) {
  return useQuery({
    queryKey: ["public-evaluations", search],
    queryFn: ({ signal }) =>
      getClient().public.evaluations.getMany(
        {
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
