import { APIStatusError } from "@assay/client/errors";
import type { Evaluation } from "@assay/protocol";
import { FINISHED_EVALUATION_STATUSES } from "@assay/protocol";
import { useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** The one cache entry of an evaluation, shared by every view that shows it. */
export const evaluationKey = (id: string) => ["evaluation", id] as const;

/** How an evaluation is read: by the views, and ahead of them by a route's loader. */
export function evaluationQuery(id: string) {
  return {
    queryKey: evaluationKey(id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      getClient().evaluations.getById(id, { signal }),
  };
}

export function isFinished(evaluation: Pick<Evaluation, "status">): boolean {
  return FINISHED_EVALUATION_STATUSES.includes(evaluation.status);
}

/**
 * One evaluation with its statistics. With `poll`, it is read again every 2 s until it finishes
 * (for views that follow a run without its live stream).
 */
export function useEvaluation(id: string, poll = false) {
  return useQuery({
    ...evaluationQuery(id),
    // An unknown id (or another organization's) stays unknown: say so at once.
    retry: (count, error) =>
      !(error instanceof APIStatusError && [401, 404].includes(error.statusCode)) && count < 1,
    refetchInterval: (query) =>
      poll && query.state.data && !isFinished(query.state.data) ? 2000 : false,
  });
}
