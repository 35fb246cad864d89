import type {
  CreateJudgeBody,
  ListedTraceEvaluation,
  TraceEvaluationStatus,
  UpdateJudgeBody,
} from "@assay/protocol";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** The project's judges, each with its labels' count and agreement (one request, no N+1). */
export function useJudges() {
  return useQuery({
    queryKey: ["judges"],
    queryFn: ({ signal }) => getClient().judges.getMany({ pageSize: 500 }, { signal }),
  });
}

export function useJudge(id: string) {
  return useQuery({
    queryKey: ["judges", id],
    queryFn: ({ signal }) => getClient().judges.get(id, { signal }),
  });
}

export function useCreateJudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateJudgeBody) => getClient().judges.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["judges"] }),
  });
}

export function useUpdateJudge(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateJudgeBody) => getClient().judges.update(id, body),
    onSuccess: (judge) => {
      queryClient.setQueryData(["judges", id], judge);
      return queryClient.invalidateQueries({ queryKey: ["judges"] });
    },
  });
}

export function useDeleteJudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getClient().judges.delete(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["judges"] }),
  });
}

export const TRACE_PAGE_SIZE = 20;

/** One page of the project's traces to pick from, matching `search` (input and file name). */
export function useTracePage(search: string, page: number) {
  return useQuery({
    queryKey: ["traces", { search, page }],
    queryFn: ({ signal }) =>
      getClient().traces.getMany(
        { search: search === "" ? undefined : search, page, pageSize: TRACE_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** What judging the traces would take: calls, tokens and dollars, asked before running. */
export function useEstimate() {
  return useMutation({
    mutationFn: ({ judgeId, traceIds }: { judgeId: string; traceIds: string[] }) =>
      getClient().traceEvaluations.estimateCost(traceIds, judgeId),
  });
}

export function useRunJudge(judgeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (traceIds: string[]) => getClient().traceEvaluations.createMany(traceIds, judgeId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["verdicts", judgeId] }),
        queryClient.invalidateQueries({ queryKey: ["judges", judgeId] }),
        queryClient.invalidateQueries({ queryKey: ["traces"] }),
      ]),
  });
}

/**
 * The traces this judge has judged (up to 500, newest first), to name each verdict's trace by
 * its input and file: one request for the whole table. Refreshed with the verdicts.
 */
export function useJudgedTraces(judgeId: string) {
  return useQuery({
    queryKey: ["traces", { judgeId }],
    queryFn: ({ signal }) => getClient().traces.getMany({ judgeId, pageSize: 500 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const VERDICT_PAGE_SIZE = 50;
const UNFINISHED: readonly TraceEvaluationStatus[] = ["pending", "in_progress"];

export function isUnfinished(run: Pick<ListedTraceEvaluation, "status">): boolean {
  return UNFINISHED.includes(run.status);
}

/**
 * The judge's runs, newest first, each with its verdict once stored. Polled every second while
 * any run on the page is pending or running, and no more once all have ended.
 */
export function useVerdicts(judgeId: string, page: number) {
  return useQuery({
    queryKey: ["verdicts", judgeId, page],
    queryFn: ({ signal }) =>
      getClient().traceEvaluations.getMany(
        { judgeId, page, pageSize: VERDICT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.traceEvaluations.some(isUnfinished) ? 1000 : false,
  });
}
