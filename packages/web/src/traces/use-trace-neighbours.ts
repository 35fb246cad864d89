import { useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { TRACE_PAGE_SIZE, type TraceSearch } from "./traces-search.ts";
import { traceListParams, tracesKey, useTraces } from "./use-traces.ts";

/** A trace beside this one in the list, and the list page it is on. */
export interface Neighbour {
  id: string;
  page: number;
}

/**
 * The traces before and after this one in the list it was opened from (its filters and order
 * travel in the URL): from the list's page, which the list already loaded, and at a page's
 * edge the next or previous page's first or last trace (one small request). Undefined at the
 * list's ends, or when the trace is not on the page the URL names (a link from elsewhere).
 */
export function useTraceNeighbours(
  id: string,
  search: TraceSearch,
): { previous?: Neighbour; next?: Neighbour; position?: number; total?: number } {
  const page = search.page ?? 1;
  const list = useTraces(search);
  const traces = list.data?.traces ?? [];
  const index = traces.findIndex((t) => t.id === id);
  const total = list.data?.totalCount ?? 0;
  const atStart = index === 0 && page > 1;
  const atEnd = index === traces.length - 1 && page * TRACE_PAGE_SIZE < total;
  const before = useEdgeTrace(search, page - 1, "last", index >= 0 && atStart);
  const after = useEdgeTrace(search, page + 1, "first", index >= 0 && atEnd);
  if (index < 0) return {};
  const previousId = index > 0 ? traces[index - 1]?.id : atStart ? before.data : undefined;
  const nextId = index < traces.length - 1 ? traces[index + 1]?.id : atEnd ? after.data : undefined;
  return {
    ...(previousId ? { previous: { id: previousId, page: index > 0 ? page : page - 1 } } : {}),
    ...(nextId ? { next: { id: nextId, page: index < traces.length - 1 ? page : page + 1 } } : {}),
    position: (page - 1) * TRACE_PAGE_SIZE + index + 1,
    total,
  };
}

/** The first or last trace of another page of the same list, when it is needed. */
function useEdgeTrace(search: TraceSearch, page: number, end: "first" | "last", enabled: boolean) {
  return useQuery({
    queryKey: [...tracesKey, "edge", search, page, end],
    enabled,
    queryFn: async ({ signal }) => {
      const other = await getClient().traces.getMany(traceListParams(search, page), { signal });
      return (end === "last" ? other.traces.at(-1)?.id : other.traces[0]?.id) ?? null;
    },
  });
}
