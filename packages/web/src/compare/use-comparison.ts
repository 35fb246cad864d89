import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { CELL_INFO, type Cell } from "./compare-search.ts";

/** Disagreements shown per page: each is a prompt and two answers, read one by one. */
export const PAGE_SIZE = 10;

/**
 * The comparison of A (evaluation 1, the reference) and B: its statistics, and one page of the
 * pairs in the chosen cell (or the first pairs when none is chosen). The statistics do not depend
 * on the cell, so the previous answer stays on screen while another cell loads.
 */
export function useComparison(a: string, b: string, cell: Cell | undefined, page: number) {
  return useQuery({
    queryKey: ["comparison", a, b, cell ?? "all", page],
    queryFn: ({ signal }) =>
      getClient().public.comparisons.compare(
        a,
        b,
        { outcomeFilter: cell ? CELL_INFO[cell].filter : "all", page, pageSize: PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
