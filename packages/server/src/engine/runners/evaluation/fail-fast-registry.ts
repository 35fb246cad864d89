import { type CallOutcome, createFailFast, type FailFast } from "../../gateway/fail-fast.ts";

/** How long a tripped run is remembered after its last chunk in this process left it. */
const TRIPPED_MEMORY_MS = 600_000;

/**
 * A chunk's membership of its run's fail-fasts: shared counts, one shared trip. The model and the
 * judge count apart (a model answering between two of the judge's 401s must not reset the judge's
 * streak), and either one trips the run.
 */
export interface FailFastMembership {
  /** Aborts when any chunk of the run trips it (its reason is the trip's). */
  readonly tripped: AbortSignal;
  /** Why the run tripped, once it has; undefined before. */
  readonly reason: string | undefined;
  /** Records one call of the run's model; returns the trip reason once (and whenever) tripped. */
  record(outcome: CallOutcome): string | undefined;
  /** Records one call of the run's judge (scoring, judged metrics), the same way. */
  recordJudge(outcome: CallOutcome): string | undefined;
  /** The chunk is done with the run. */
  leave(): void;
}

/**
 * One fail-fast per evaluation in this process (one for its model, one for its judge), shared by
 * its chunks running side by side: five 401s in a row are five, whichever chunks sent them, and a
 * trip stops them all at once. Created once per worker (the job handler), so every chunk of a run
 * on this worker joins the same one.
 */
export function createFailFastRegistry() {
  const runs = new Map<
    string,
    { failFast: FailFast; judge: FailFast; tripped: AbortController; chunks: number }
  >();

  return {
    join(evaluationId: string): FailFastMembership {
      const entry = runs.get(evaluationId) ?? {
        failFast: createFailFast(),
        judge: createFailFast({ subject: "judge model" }),
        tripped: new AbortController(),
        chunks: 0,
      };
      entry.chunks += 1;
      runs.set(evaluationId, entry);
      const record = (failFast: FailFast, outcome: CallOutcome) => {
        const reason = failFast.record(outcome);
        if (reason !== undefined && !entry.tripped.signal.aborted)
          entry.tripped.abort(new Error(reason));
        return reason;
      };
      return {
        tripped: entry.tripped.signal,
        get reason() {
          return entry.tripped.signal.aborted
            ? (entry.tripped.signal.reason as Error).message
            : undefined;
        },
        record: (outcome) => record(entry.failFast, outcome),
        recordJudge: (outcome) => record(entry.judge, outcome),
        leave() {
          entry.chunks -= 1;
          if (entry.chunks > 0) return;
          // A tripped run is remembered a while: a chunk that checked the status just before the
          // run was failed must still stop at once instead of starting a fresh count.
          if (entry.tripped.signal.aborted)
            setTimeout(
              () => runs.get(evaluationId)?.chunks === 0 && runs.delete(evaluationId),
              TRIPPED_MEMORY_MS,
            ).unref();
          else runs.delete(evaluationId);
        },
      };
    },
  };
}

export type FailFastRegistry = ReturnType<typeof createFailFastRegistry>;
