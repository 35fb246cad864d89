import { JudgeOutputError } from "../../scorers/index.ts";
import { renderTraceForJudge } from "../../traces/index.ts";
import { mapConcurrent } from "../benchmark-generation/map-concurrent.ts";
import { failureReason } from "../failure-reason.ts";
import { judgeTrace } from "./judge-trace.ts";
import type { OpenJudge, TraceEvaluationStore } from "./trace-evaluation-store.ts";
import { TraceJudgingError } from "./trace-judging-error.ts";

/**
 * Evaluations of one job judged at once. The gateway's per-endpoint limit still bounds the calls
 * in flight to one judge model across all jobs of the process.
 */
export const JUDGED_AT_ONCE = 8;

export interface TraceEvaluationRunDeps {
  store: TraceEvaluationStore;
  openJudge: OpenJudge;
  /** Told of each evaluation that failed for good (the job logs it). */
  onFailed?: (id: string, reason: string) => void;
}

/**
 * Judges the trace of each evaluation: `pending` → `in_progress` → `success` with the verdict,
 * tokens, latency and cost, or `failure` saying why (the judge model is unavailable, its answer
 * held no verdict even after the repair turn, its call failed after the gateway's retries).
 * Idempotent under at-least-once delivery: a finished evaluation is left alone, and one
 * interrupted in `in_progress` (a crash, a shutdown) is judged again. An unexpected error in one
 * evaluation does not stop the others; it is thrown once they are done, so the job's retry
 * judges only what is still unfinished. An abort of `signal` starts no more and throws.
 */
export async function runTraceEvaluations(
  ids: readonly string[],
  signal: AbortSignal,
  deps: TraceEvaluationRunDeps,
): Promise<void> {
  const { store } = deps;

  async function judgeOne(id: string): Promise<void> {
    let work = await store.find(id);
    if (work?.status === "pending") {
      await store.start(id);
      work = await store.find(id);
    }
    if (work?.status !== "in_progress") return;

    const trace = await store.findTrace(work.traceId);
    if (!trace) {
      await store.fail(id, "the trace was deleted before it could be judged");
      return;
    }
    try {
      const judge = await deps.openJudge(work.judgeModelId, signal);
      const judgment = await judgeTrace(
        {
          goal: work.goal,
          renderedTrace: renderTraceForJudge(trace.record, trace.format),
          limits: judge.limits,
        },
        judge.complete,
      );
      await store.succeed(id, {
        ...judgment.verdict,
        model: judge.key,
        turns: judgment.turns,
        truncated: judgment.truncated,
        usage: judge.usage(),
      });
    } catch (error) {
      const reason = failureReason(error, signal, {
        model: "the judge model",
        ownErrors: judgingFailure,
      });
      if (reason === undefined) throw error;
      await store.fail(id, reason);
      deps.onFailed?.(id, reason);
    }
  }

  let retry: { error: unknown } | undefined;
  await mapConcurrent(
    ids,
    JUDGED_AT_ONCE,
    async (id) => {
      try {
        await judgeOne(id);
      } catch (error) {
        retry ??= { error };
      }
    },
    signal,
  );
  if (retry) throw retry.error;
}

/** The judge's own final errors, as the evaluation's status description. */
function judgingFailure(error: unknown): string | undefined {
  if (error instanceof JudgeOutputError)
    return (
      "judge_bad_output: the judge's answer held no valid verdict, even after a repair turn " +
      `(${error.reason}); its last answer began: ${JSON.stringify(error.output.slice(0, 200))}`
    );
  if (error instanceof TraceJudgingError) return error.message;
  return undefined;
}
