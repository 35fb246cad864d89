import type { Evaluation, Result } from "@assay/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { evaluationKey, isFinished } from "../shared/use-evaluation.ts";

/**
 * What the run depended on: the model (parameters, prices) and the benchmark (version, scorer,
 * template). Either may be gone or no longer attached; the page then says so instead of failing.
 */
export function useRunInputs(evaluation: Evaluation | undefined) {
  const model = useQuery({
    queryKey: ["model", evaluation?.model_id],
    queryFn: ({ signal }) => getClient().models.getById(evaluation?.model_id as string, { signal }),
    enabled: Boolean(evaluation),
    staleTime: 60_000,
    retry: false,
  });
  const benchmark = useQuery({
    queryKey: ["benchmark", evaluation?.dataset_id],
    queryFn: ({ signal }) =>
      getClient().benchmarks.getById(evaluation?.dataset_id as string, { signal }),
    enabled: Boolean(evaluation),
    staleTime: 60_000,
    retry: false,
  });
  return { model, benchmark };
}

/** The histograms read at most this many results (pages of 500); beyond it they show a sample. */
export const HISTOGRAM_RESULT_CAP = 2000;
const PAGE_SIZE = 500;

/**
 * Per-prompt durations and tokens for the histograms, from the results API: the first
 * HISTOGRAM_RESULT_CAP results in benchmark order, read once the evaluation has finished.
 */
export function useResultSample(evaluation: Evaluation | undefined) {
  const finished = evaluation ? isFinished(evaluation) : false;
  return useQuery({
    queryKey: ["result-sample", evaluation?.id, evaluation?.finished_at],
    queryFn: async ({ signal }) => {
      const id = evaluation?.id as string;
      const results: Result[] = [];
      let total = 0;
      for (let page = 1; results.length < HISTOGRAM_RESULT_CAP; page++) {
        const answer = await getClient().results.getById(
          id,
          { page, pageSize: PAGE_SIZE },
          { signal },
        );
        total = answer.totalCount;
        results.push(...answer.results);
        if (answer.results.length === 0 || page >= answer.pagination.totalPages) break;
      }
      return { results, total };
    },
    enabled: finished && (evaluation?.assay.progress.done ?? 0) > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /evaluations/{id}/cancel; the answer (the cancelled evaluation) replaces the cached one. */
export function useCancelEvaluation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getClient().evaluations.cancel(id),
    onSuccess: (evaluation) => {
      queryClient.setQueryData(evaluationKey(id), evaluation);
      void settleCounters(id, evaluation, (next) =>
        queryClient.setQueryData(evaluationKey(id), next),
      );
      void queryClient.invalidateQueries({ queryKey: ["evaluations"] });
    },
  });
}

/**
 * How often, and how many times at most, a cancelled run's counters are read until they settle,
 * and for how many reads in a row they must not move to count as settled.
 */
const SETTLE_INTERVAL_MS = 500;
const SETTLE_READS = 30;
const QUIET_READS = 4;

/**
 * Calls in flight when a run was cancelled may still land for a moment (their results are kept;
 * on a busy server, seconds later): the counters are read again until they have not moved for
 * two seconds, so the page ends on the settled figures rather than on those of the instant the
 * cancel was answered.
 */
async function settleCounters(
  id: string,
  cancelled: Evaluation,
  show: (evaluation: Evaluation) => void,
): Promise<void> {
  let done = cancelled.assay.progress.done;
  let quiet = 0;
  for (let read = 0; read < SETTLE_READS && quiet < QUIET_READS; read++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_INTERVAL_MS));
    const now = await getClient().evaluations.getById(id);
    show(now);
    quiet = now.assay.progress.done === done ? quiet + 1 : 0;
    done = now.assay.progress.done;
  }
}

/** PATCH /evaluations/{id} `{ is_public }`; the answer replaces the cached evaluation. */
export function usePublishEvaluation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) => getClient().evaluations.setPublic(id, isPublic),
    onSuccess: (evaluation) => {
      queryClient.setQueryData(evaluationKey(id), evaluation);
      void queryClient.invalidateQueries({ queryKey: ["evaluations"] });
      void queryClient.invalidateQueries({ queryKey: ["public-evaluations"] });
    },
  });
}
