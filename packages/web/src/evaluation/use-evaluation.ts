import { type Evaluation, type Result, routes } from "@assay/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { repeatsOf } from "../shared/repeats.ts";
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
 * Per-answer durations and tokens for the histograms, from the results API: the first
 * HISTOGRAM_RESULT_CAP results in benchmark order, read once the evaluation has finished. A run
 * with repeats is read one row per answer (`repeats=each`): its per-prompt rows carry only their
 * first answer's tokens and time.
 */
export function useResultSample(evaluation: Evaluation | undefined) {
  const finished = evaluation ? isFinished(evaluation) : false;
  const each = evaluation ? repeatsOf(evaluation) > 1 : false;
  return useQuery({
    queryKey: ["result-sample", evaluation?.id, evaluation?.finished_at],
    queryFn: async ({ signal }) => {
      const id = evaluation?.id as string;
      const results: Result[] = [];
      let total = 0;
      for (let page = 1; results.length < HISTOGRAM_RESULT_CAP; page++) {
        // The SDK's results.getById lists prompts; the answers are a query extension.
        const answer = await getClient().request(
          routes.listResults,
          {
            query: {
              evaluation_id: id,
              page,
              page_size: PAGE_SIZE,
              repeats: each ? "each" : undefined,
            },
          },
          { signal },
        );
        total = answer.metrics.total_count;
        results.push(...answer.results);
        if (answer.results.length === 0 || page * PAGE_SIZE >= total) break;
      }
      return { results, total, unit: each ? ("answer" as const) : ("prompt" as const) };
    },
    enabled: finished && (evaluation?.assay.progress.done ?? 0) > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * POST /evaluations/{id}/cancel; the answer (the cancelled evaluation) replaces the cached one. Its
 * counters are final: the server stores no result once a run has ended.
 */
export function useCancelEvaluation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getClient().evaluations.cancel(id),
    onSuccess: (evaluation) => {
      queryClient.setQueryData(evaluationKey(id), evaluation);
      void queryClient.invalidateQueries({ queryKey: ["evaluations"] });
    },
  });
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
