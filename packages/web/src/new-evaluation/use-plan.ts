import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";
import { useDebounced } from "../shared/use-debounced.ts";
import type { NewEvaluation } from "./use-new-evaluation.ts";

/** How long the form must rest before it is planned again. */
const SETTLE_MS = 300;

/**
 * The server's plan of the run the form describes (`POST …/evaluations/plan`: calls, tokens, cost,
 * the interval width to expect), asked again whenever the form settles on something new; the
 * previous plan stays on screen meanwhile. Nothing is asked until a model and a benchmark are
 * chosen. A refusal is the create's own (400 naming `body.0.<field>`), shown under its field.
 */
export function usePlan(run: NewEvaluation | undefined) {
  const settled = useDebounced(run, SETTLE_MS);
  return useQuery({
    queryKey: ["evaluation-plan", settled],
    enabled: settled !== undefined,
    queryFn: ({ signal }) => {
      const { model, benchmark, ...options } = settled as NewEvaluation;
      return getClient().evaluations.plan(model, benchmark, options, { signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}
