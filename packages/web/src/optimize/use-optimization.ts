import { isOptimizationFinished } from "@assay/client";
import type { OptimizationBudget } from "@assay/protocol";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** While a run is pending or in progress its page asks again this often (the log grows). */
const POLL_MS = 1000;

export const optimizationKey = (id: string) => ["judge-optimization", id] as const;

/** The judge being optimized (its goal, model, labels, version). */
export function useJudge(id: string) {
  return useQuery({
    queryKey: ["judge", id],
    queryFn: ({ signal }) => getClient().judges.get(id, { signal }),
  });
}

/** What a run of this budget would call and cost; the previous budget's figures stay meanwhile. */
export function useEstimate(judgeId: string, budget: OptimizationBudget) {
  return useQuery({
    queryKey: ["judge-optimization-estimate", judgeId, budget],
    queryFn: ({ signal }) => getClient().judgeOptimizations.estimate(judgeId, budget, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The judge's earlier runs, newest first (the server's order). */
export function useJudgeOptimizations(judgeId: string) {
  return useQuery({
    queryKey: ["judge-optimizations", judgeId],
    queryFn: ({ signal }) =>
      getClient().judgeOptimizations.getMany({ judgeId, pageSize: 20 }, { signal }),
  });
}

export function useStartOptimization(judgeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (budget: OptimizationBudget) =>
      getClient().judgeOptimizations.create(judgeId, budget),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["judge-optimizations", judgeId] }),
  });
}

/** One run, polled until it ends. */
export function useOptimization(id: string) {
  return useQuery({
    queryKey: optimizationKey(id),
    queryFn: ({ signal }) => getClient().judgeOptimizations.get(id, { signal }),
    refetchInterval: (query) =>
      query.state.data && isOptimizationFinished(query.state.data) ? false : POLL_MS,
  });
}

/** Applies a run; the run (now applied) and its judge (a new version) are read again. */
export function useApplyOptimization(id: string, judgeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getClient().judgeOptimizations.apply(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: optimizationKey(id) }),
        queryClient.invalidateQueries({ queryKey: ["judge", judgeId] }),
      ]),
  });
}
