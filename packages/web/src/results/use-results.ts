import type { Result } from "@assay/protocol";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import type { ResultFilter } from "./results-search.ts";

/** Rows per request: small enough to answer fast, large enough that scrolling rarely waits. */
export const PAGE_SIZE = 100;

/** One page of the filtered results: for the table, and page 1 ahead of it in the route's loader. */
export function pageQuery(id: string, filter: ResultFilter, page: number) {
  return {
    queryKey: ["results", id, filter, page],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      getClient().results.getById(id, { ...filter, page, pageSize: PAGE_SIZE }, { signal }),
    staleTime: 60_000,
  };
}

/**
 * The pages of the filtered results that the table shows: page 1 always (it tells the total), the
 * others only while their rows are in view. An evaluation of 100,000 prompts is never read whole;
 * a jump to the middle asks for the middle page, not every page before it.
 */
export function useResultPages(id: string, filter: ResultFilter, pages: number[]) {
  const first = useQuery({ ...pageQuery(id, filter, 1), placeholderData: keepPreviousData });
  const others = useQueries({
    queries: pages.filter((p) => p !== 1).map((page) => pageQuery(id, filter, page)),
  });
  const rows = new Map<number, Result>();
  const add = (page: number, results: Result[] | undefined) => {
    for (const [i, r] of (results ?? []).entries()) rows.set((page - 1) * PAGE_SIZE + i, r);
  };
  if (!first.isPlaceholderData) add(1, first.data?.results);
  const wanted = pages.filter((p) => p !== 1);
  for (const [i, q] of others.entries()) add(wanted[i] as number, q.data?.results);
  const failed = [first, ...others].find((q) => q.isError);
  return {
    total: first.data?.totalCount,
    /** The filter changed and page 1 of the new one is on its way: the rows shown are old. */
    stale: first.isPlaceholderData,
    isPending: first.isPending,
    error: failed?.error ?? null,
    rows,
    /**
     * Page 1's results (the previous filter's while the new one's is on its way, as the rows
     * shown are), the same array until it is read again: what facts of the whole list come from.
     */
    firstPage: first.data?.results,
  };
}

/** The page numbers holding rows `start`…`end` (0-based, inclusive). */
export function pagesOf(start: number, end: number): number[] {
  const pages: number[] = [];
  for (let p = Math.floor(start / PAGE_SIZE) + 1; p <= Math.floor(end / PAGE_SIZE) + 1; p++)
    pages.push(p);
  return pages;
}
