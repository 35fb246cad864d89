import type { TraceListParams, TracePage } from "@assay/client";
import { APIStatusError } from "@assay/client/errors";
import type {
  ListedTraceEvaluation,
  Trace,
  TraceEvaluation,
  TraceEvaluationResult,
} from "@assay/protocol";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { sortOf, TRACE_PAGE_SIZE, type TraceSearch } from "./traces-search.ts";

export const tracesKey = ["traces"] as const;

/** One page of traces, filtered on the server; the last page stays while the next loads. */
export function useTraces(search: TraceSearch) {
  return useQuery({
    queryKey: [...tracesKey, "list", search],
    queryFn: ({ signal }) => getClient().traces.getMany(traceListParams(search), { signal }),
    placeholderData: keepPreviousData,
    // A trace's data can be megabytes: comparing it deep with the last answer costs more than
    // drawing the page again.
    structuralSharing: false,
  });
}

/** The list's filters, order and page (the URL's, or another) as the client takes them. */
export function traceListParams(search: TraceSearch, page = search.page ?? 1): TraceListParams {
  const { sort, order } = sortOf(search);
  return {
    page,
    pageSize: TRACE_PAGE_SIZE,
    source: search.source,
    judgeId: search.judge,
    status: search.status,
    timeRange: search.range,
    search: search.q,
    model: search.model,
    serviceName: search.service,
    sessionId: search.session,
    userId: search.user,
    minDurationMs: search.min_ms,
    sortBy: sort,
    sortOrder: order,
  };
}

/** The files traces came from, for the source filter. */
export function useTraceSources() {
  return useQuery({
    queryKey: [...tracesKey, "sources"],
    queryFn: ({ signal }) => getClient().traces.getSources({ signal }),
  });
}

/** The project's judges, for the judge filter (the API's largest page). */
export function useJudgeChoices() {
  return useQuery({
    queryKey: ["judges", "choices"],
    queryFn: async ({ signal }) =>
      (await getClient().judges.getMany({ pageSize: 100 }, { signal })).judges,
  });
}

/** The trace as a list page already holds it (with its whole `data`), and when that was read. */
function listedTrace(queryClient: QueryClient, id: string) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...tracesKey, "list"] })) {
    const found = (query.state.data as TracePage | undefined)?.traces.find((t) => t.id === id);
    if (found) return { trace: found as Trace, at: query.state.dataUpdatedAt };
  }
  return undefined;
}

/**
 * One trace. Opened from the list, it shows at once from the list's page (which carries each
 * trace whole) and is read again only when that page is older than a few seconds.
 */
export function useTrace(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...tracesKey, id],
    queryFn: ({ signal }) => getClient().traces.get(id, { signal }),
    initialData: () => listedTrace(queryClient, id)?.trace,
    initialDataUpdatedAt: () => listedTrace(queryClient, id)?.at,
    staleTime: 5000,
    structuralSharing: false,
    retry: (count, error) =>
      !(error instanceof APIStatusError && [401, 404].includes(error.statusCode)) && count < 1,
  });
}

/** A judge's latest evaluation of the trace, with its verdict once there is one. */
export interface TraceVerdict {
  evaluation: TraceEvaluation;
  result?: TraceEvaluationResult;
  /** A person's label of the (judge, trace), if there is one. */
  label?: NonNullable<ListedTraceEvaluation["label"]>;
}

const PENDING = new Set(["pending", "in_progress"]);

/**
 * The latest evaluation of the trace by each judge, newest first, with its verdict and a
 * person's label: one list request. Polled while one is still running.
 */
export function useTraceVerdicts(traceId: string) {
  return useQuery({
    queryKey: [...tracesKey, traceId, "verdicts"],
    queryFn: async ({ signal }): Promise<TraceVerdict[]> => {
      const client = getClient();
      const page = await client.traceEvaluations.getMany(
        { traceId, pageSize: 100, sortBy: "created_at", sortOrder: "desc" },
        { signal },
      );
      const latest = new Map<string, ListedTraceEvaluation>();
      for (const evaluation of page.traceEvaluations)
        if (!latest.has(evaluation.judge_id)) latest.set(evaluation.judge_id, evaluation);
      // The list carries each verdict and label: one request for the whole panel.
      return [...latest.values()].map(({ result, label, ...evaluation }) => ({
        evaluation,
        ...(result ? { result } : {}),
        ...(label ? { label } : {}),
      }));
    },
    refetchInterval: (query) =>
      query.state.data?.some((v) => PENDING.has(v.evaluation.status)) ? 2000 : false,
  });
}

export function useDeleteTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getClient().traces.delete(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...tracesKey, id] });
      return queryClient.invalidateQueries({ queryKey: tracesKey });
    },
  });
}

/** Runs a judge on one trace; its verdict appears among the trace's verdicts (polled). */
export function useRunJudge(traceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (judgeId: string) => getClient().traceEvaluations.create(traceId, judgeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tracesKey }),
  });
}

/** A person's label of what the judge should have said, put through one of its evaluations. */
export function useLabelTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ evaluationId, passed }: { evaluationId: string; passed: boolean }) =>
      getClient().annotations.put(evaluationId, { passed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tracesKey }),
  });
}
