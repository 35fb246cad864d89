import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import type { MatrixSearch } from "./matrix-search.ts";

/** Prompts per page: a screenful of rows, each a line of text and a glyph per run. */
export const MATRIX_PAGE_SIZE = 50;

/** The query a matrix view asks: by the router's loader ahead of the page, and by the page. */
export function runMatrixQuery(runs: readonly string[], search: MatrixSearch) {
  const filter = search.filter ?? "all";
  const page = search.page ?? 1;
  return {
    queryKey: ["run-matrix", runs.join(","), filter, search.run ?? "", page],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      getClient().public.comparisons.matrix(
        runs,
        { filter, run: search.run, page, pageSize: MATRIX_PAGE_SIZE },
        { signal },
      ),
  };
}

/**
 * The matrix of the URL's runs: the runs' figures and pairs (the same whatever the filter) and one
 * page of rows. The previous answer stays on screen while another filter or page loads.
 */
export function useRunMatrix(runs: readonly string[], search: MatrixSearch) {
  return useQuery({ ...runMatrixQuery(runs, search), placeholderData: keepPreviousData });
}
