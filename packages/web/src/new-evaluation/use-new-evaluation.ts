import type { CreateEvaluationOptions, EvaluationTarget } from "@assay/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** What the form chooses from: the project's models and benchmarks, whole (custom ones flagged). */
export function useChoices() {
  return useQuery({
    queryKey: ["new-evaluation-choices"],
    queryFn: async ({ signal }) => {
      const client = getClient();
      const [models, benchmarks] = await Promise.all([
        client.models.get({}, { signal }),
        client.benchmarks.get({}, { signal }),
      ]);
      return { models: models.models, benchmarks: benchmarks.benchmarks };
    },
  });
}

export interface NewEvaluation extends CreateEvaluationOptions {
  model: EvaluationTarget;
  benchmark: EvaluationTarget;
}

/** Starts one evaluation; the lists showing evaluations are stale once it exists. */
export function useCreateEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ model, benchmark, ...options }: NewEvaluation) =>
      getClient().evaluations.create(model, benchmark, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["evaluations"] }),
  });
}
