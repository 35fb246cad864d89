import type { Clock } from "../../../platform/clock.ts";
import type { EvaluationStore } from "./evaluation-store.ts";

/** The description of a run whose evaluation outlived ASSAY_EVAL_MAX_DURATION_SECONDS. */
export const PAST_DEADLINE = "the evaluation ran longer than its maximum duration";

/** When a run started now must end: its whole duration, whatever its chunks do, is bounded. */
export function runDeadline(startedAt: Date, maxDurationSeconds: number): Date {
  return new Date(startedAt.getTime() + maxDurationSeconds * 1000);
}

/**
 * Watches a running chunk's evaluation every `intervalMs` and aborts the returned signal when the
 * run is no longer in progress: cancelled, failed by another chunk or the sweep, or ended here as
 * a timeout once past its deadline. A failed status read is reported and retried next time.
 */
export function watchRun(options: {
  evaluationId: string;
  deadline: number;
  store: Pick<EvaluationStore, "findStatus" | "endEarly">;
  clock: Clock;
  intervalMs: number;
  onError(error: unknown): void;
}): { signal: AbortSignal; stop(): void } {
  const { evaluationId, store } = options;
  const ended = new AbortController();
  const timer = setInterval(() => {
    void (async () => {
      if (options.clock.now().getTime() >= options.deadline)
        await store.endEarly(evaluationId, "timeout", PAST_DEADLINE);
      const status = await store.findStatus(evaluationId);
      if (status !== "in-progress") ended.abort(new Error("the evaluation ended"));
    })().catch(options.onError);
  }, options.intervalMs);
  return { signal: ended.signal, stop: () => clearInterval(timer) };
}
