import type { EvaluationProgressEvent } from "@assay/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getClient } from "../api/client.ts";
import { evaluationKey } from "../shared/use-evaluation.ts";

export interface LiveProgress {
  /** The newest event, or undefined before the first arrives. */
  latest?: EvaluationProgressEvent;
  /** The stream broke (the page then polls instead); undefined while it is fine. */
  error?: unknown;
}

/**
 * Follows a running evaluation through its server-sent events (`client.evaluations.events`,
 * authenticated by the session cookie). On the `done` event the evaluation is read again, as the
 * final statistics (subsets, tokens, metrics) are only in the full object.
 */
export function useLiveProgress(id: string, running: boolean): LiveProgress {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveProgress>({});

  useEffect(() => {
    if (!running) return;
    const abort = new AbortController();
    (async () => {
      try {
        for await (const { event, data } of getClient().evaluations.events(id, {
          signal: abort.signal,
        })) {
          setState({ latest: data });
          if (event === "done") {
            await queryClient.invalidateQueries({ queryKey: evaluationKey(id) });
            void queryClient.invalidateQueries({ queryKey: ["evaluations"] });
          }
        }
      } catch (error) {
        if (!abort.signal.aborted) setState((previous) => ({ ...previous, error }));
      }
    })();
    return () => abort.abort();
  }, [id, running, queryClient]);

  return state;
}
