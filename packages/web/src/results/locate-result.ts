import type { Result, ResultPage } from "@assay/client";
import type { QueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import type { ResultFilter } from "./results-search.ts";
import { PAGE_SIZE } from "./use-results.ts";

export interface Located {
  /** The row's index in the filtered list. */
  index: number;
  result: Result;
}

/**
 * Finds the result at benchmark `position` among the filtered results, for a link that opens its
 * panel. Pages come in benchmark order, so a binary search over pages finds it in at most
 * log2(pages) requests (one, without filters: the first guess is exact then); null when the
 * filters leave it out. Pages go through the query cache the table reads from.
 */
export async function locateResult(
  queryClient: QueryClient,
  id: string,
  filter: ResultFilter,
  position: number,
  total: number,
): Promise<Located | null> {
  const fetchPage = (page: number) =>
    queryClient.fetchQuery({
      queryKey: ["results", id, filter, page],
      queryFn: ({ signal }): Promise<ResultPage> =>
        getClient().results.getById(id, { ...filter, page, pageSize: PAGE_SIZE }, { signal }),
      staleTime: 60_000,
    });
  let low = 1;
  let high = Math.max(1, Math.ceil(total / PAGE_SIZE));
  let page = Math.min(high, Math.floor(position / PAGE_SIZE) + 1);
  while (low <= high) {
    const { results } = await fetchPage(page);
    const first = results[0];
    const last = results[results.length - 1];
    if (!first || !last) return null;
    if (position < first.position) high = page - 1;
    else if (position > last.position) low = page + 1;
    else {
      const i = results.findIndex((r) => r.position === position);
      return i < 0 ? null : { index: (page - 1) * PAGE_SIZE + i, result: results[i] as Result };
    }
    page = Math.floor((low + high) / 2);
  }
  return null;
}
