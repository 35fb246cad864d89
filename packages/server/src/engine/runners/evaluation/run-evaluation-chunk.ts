import type { Clock } from "../../../platform/clock.ts";
import type { ChatMessage, ModelEndpoint } from "../../gateway/endpoint.ts";
import type { CallOutcome } from "../../gateway/fail-fast.ts";
import type { Gateway } from "../../gateway/gateway.ts";
import { isModelCallError } from "../../gateway/model-call-error.ts";
import { buildRequestBody } from "../../gateway/request-body.ts";
import { type Sandbox, SandboxUnavailableError, stoppedBy } from "../../sandbox/sandbox.ts";
import type { CompleteFn } from "../../scorers/judge-prompt.ts";
import { isSandboxScorer } from "../../scorers/registry.ts";
import type { EvaluationChunk, EvaluationPlan, EvaluationStore } from "./evaluation-store.ts";
import type { FailFastRegistry } from "./fail-fast-registry.ts";
import type { GradingScorer } from "./grade-with-scorers.ts";
import { PAST_DEADLINE, runDeadline, watchRun } from "./run-guard.ts";
import { runSamples } from "./run-samples.ts";
import { createSampleScorer } from "./sample-scorer.ts";
import { toMessages } from "./to-messages.ts";

export interface EvaluationRunnerDeps {
  store: EvaluationStore;
  /** Every model call: the run's model, its judge and its custom scorers' models. */
  gateway: Pick<Gateway, "complete">;
  clock: Clock;
  /** This worker's fail-fasts, one per run, shared by the run's chunks. */
  failFasts: FailFastRegistry;
  maxDurationSeconds: number;
  /** How often a running chunk looks for a cancel or a deadline. */
  watchIntervalMs: number;
  /** Told when the watch could not read the run's status (it tries again next time). */
  onWatchError(error: unknown): void;
  /**
   * This worker's code sandbox, opened on first use, for runs whose scorer runs the answer's code;
   * absent or rejecting (SandboxUnavailableError) where none can be made: such a run fails then.
   */
  sandbox?: () => Promise<Sandbox>;
}

/**
 * How a chunk ended: `interrupted` when `signal` (the queue: shutdown, lost lease) stopped it, so
 * the job hands the chunk back to run again; `ended` in every other case.
 */
export type ChunkEnd = "ended" | "interrupted";

/**
 * Runs one range of an evaluation's prompts. Idempotent: it only runs prompts without a result,
 * so a chunk re-run after a crash finishes the work without repeating it. The first chunk moves
 * the evaluation to `in-progress` and sets its deadline; a cancel, a deadline or a tripped
 * fail-fast stops every chunk of the run; whichever chunk writes the last result finalizes it.
 */
export async function runEvaluationChunk(
  deps: EvaluationRunnerDeps,
  chunk: EvaluationChunk,
  signal: AbortSignal,
): Promise<ChunkEnd> {
  const { store, clock } = deps;
  const id = chunk.evaluationId;
  const startedAt = clock.now();
  const run = await store.startRun(chunk, {
    startedAt,
    deadlineAt: runDeadline(startedAt, deps.maxDurationSeconds),
  });
  if (run?.status !== "in-progress") return "ended";
  const deadline = run.deadlineAt === null ? Infinity : run.deadlineAt.getTime();
  if (clock.now().getTime() >= deadline) {
    await store.endEarly(id, "timeout", PAST_DEADLINE);
    return "ended";
  }
  const plan = await store.loadPlan(chunk);
  if ("unusable" in plan) {
    await store.endEarly(id, "failure", plan.unusable);
    return "ended";
  }
  let sandbox: Sandbox | undefined;
  if (isSandboxScorer(plan.scorer)) {
    try {
      if (deps.sandbox === undefined)
        throw new SandboxUnavailableError("this worker has no code sandbox");
      sandbox = await deps.sandbox();
    } catch (error) {
      if (!(error instanceof SandboxUnavailableError)) throw error;
      await store.endEarly(id, "failure", `the answers' code cannot be run: ${error.message}`);
      return "ended";
    }
  }
  const samples = (await store.unscoredSamples(chunk)).map((s) => ({
    position: s.position,
    messages: toMessages(s.input, plan.systemPrompt),
    prompt: s.inputText,
    truth: s.truth,
    repeat: s.repeat,
  }));

  // Stops this chunk promptly when the queue stops it, the run ends elsewhere or passes its
  // deadline, or any chunk of the run trips the fail-fast.
  const guard = watchRun({
    evaluationId: id,
    deadline,
    store,
    clock,
    intervalMs: deps.watchIntervalMs,
    onError: deps.onWatchError,
  });
  const failFast = deps.failFasts.join(id);
  const stop = AbortSignal.any([signal, guard.signal, failFast.tripped]);
  let outcome: Awaited<ReturnType<typeof runSamples>>;
  try {
    outcome = await runSamples({
      samples,
      endpoint: plan.endpoint,
      gateway: deps.gateway,
      concurrency: plan.concurrency,
      cache: plan.cache
        ? { scope: chunk.organizationId, lookup: (keys) => store.cachedResponses(keys) }
        : undefined,
      ...createSampleScorer({
        scorer: plan.scorer,
        regexPattern: plan.regexPattern,
        instructions: plan.instructions,
        metrics: plan.metrics,
        judge:
          plan.judge &&
          completeWith(deps.gateway, plan.judge, plan, stop, (call) => failFast.recordJudge(call)),
        // A cancelled run's queued executions never start, and those running are killed.
        sandbox: sandbox && stoppedBy(sandbox, stop),
        gradingScorers: gradingScorers(deps.gateway, plan, stop),
        signal: stop,
      }),
      onCall: (result) => failFast.record(result),
      write: (outcomes) => store.writeResults(id, outcomes),
      signal: stop,
    });
  } finally {
    guard.stop();
    failFast.leave();
  }

  // The model's fail-fast tripped here, or the run's (the model's or the judge's) anywhere.
  const tripped = outcome.kind === "tripped" ? outcome.reason : failFast.reason;
  if (tripped !== undefined) {
    await store.endEarly(id, "failure", tripped);
    return "ended";
  }
  if (signal.aborted) return "interrupted";
  if (outcome.kind === "done") await store.finalize(id, plan.metrics);
  return "ended";
}

/**
 * A model as a judge calls it: messages in, text out, stopped with the run. `onCall` hears how
 * each call ended (the run's judge feeds its fail-fast; custom scorers count their failures in
 * their own grades instead).
 */
function completeWith(
  gateway: Pick<Gateway, "complete">,
  model: ModelEndpoint,
  plan: EvaluationPlan,
  signal: AbortSignal,
  onCall?: (outcome: CallOutcome) => void,
): CompleteFn {
  return async (messages: ChatMessage[]) => {
    try {
      const answer = await gateway.complete(model, buildRequestBody(model, messages), {
        signal,
        concurrency: plan.concurrency,
      });
      onCall?.({ ok: true });
      return answer.content;
    } catch (error) {
      if (isModelCallError(error)) onCall?.({ ok: false, error });
      throw error;
    }
  };
}

/** The run's custom scorers; one whose model is gone fails its own grades, the run goes on. */
function gradingScorers(
  gateway: Pick<Gateway, "complete">,
  plan: EvaluationPlan,
  signal: AbortSignal,
): GradingScorer[] {
  return plan.scorers.map((s) => ({
    id: s.id,
    rubric: s.rubric,
    complete:
      s.endpoint instanceof Error ? s.endpoint : completeWith(gateway, s.endpoint, plan, signal),
  }));
}
