import { MIN_OPTIMIZATION_ANNOTATIONS, OPTIMIZATION_BUDGET_PLANS } from "@assay/protocol";
import { type LabeledTrace, OptimizationError, optimizeGoal } from "../../optimizer/index.ts";
import { renderTraceForJudge } from "../../traces/index.ts";
import { failureReason } from "../failure-reason.ts";
import { JUDGED_AT_ONCE, TraceJudgingError } from "../trace-judging/index.ts";
import type {
  JudgeOptimizationStore,
  OpenOptimizationModels,
  OptimizationRunWork,
} from "./judge-optimization-store.ts";

export interface JudgeOptimizationRunDeps {
  store: JudgeOptimizationStore;
  openModels: OpenOptimizationModels;
  /** Told when the run failed for good (the job logs it). */
  onFailed?: (id: string, reason: string) => void;
}

export interface JudgeOptimizationRunInput {
  runId: string;
  /** The job's attempt, from 1: a later attempt says in the logs that it starts again. */
  attempt: number;
  signal: AbortSignal;
}

/** The run was deleted (with its judge) or finished elsewhere: stop quietly. */
class RunGone extends Error {
  override name = "RunGone";
}

/**
 * Runs one optimization (engine/optimizer) with the judge model and goal the run was created
 * with: `pending` → `in_progress`, the logs and the cost so far written after every step (so a
 * client polling the run sees progress), then `success` with the result, or `failure` saying why
 * (a model that is unavailable or whose calls failed after the gateway's retries, no usable
 * candidate, too few labels left). Idempotent under at-least-once delivery: a finished run is
 * left alone, and a run found `in_progress` (its worker crashed or was stopped) starts again
 * from scratch, with its seed, so it makes the same split and samples. Runs only measure; the
 * judge changes only through apply. An unexpected error is thrown, for the job to retry.
 */
export async function runJudgeOptimization(
  input: JudgeOptimizationRunInput,
  deps: JudgeOptimizationRunDeps,
): Promise<void> {
  const run = await deps.store.find(input.runId);
  if (!run || run.status === "success" || run.status === "failure") return;
  const started =
    run.status === "pending" ? await deps.store.start(run.id) : await deps.store.restart(run.id);
  if (!started) return;
  await optimize(run, input, deps);
}

async function optimize(
  run: OptimizationRunWork,
  input: JudgeOptimizationRunInput,
  deps: JudgeOptimizationRunDeps,
): Promise<void> {
  const { store } = deps;
  const lines: string[] = [];
  const stop = new AbortController();
  const signal = AbortSignal.any([input.signal, stop.signal]);
  let cost = () => 0;
  const log = async (line: string) => {
    lines.push(line);
    if (!(await store.progress(run.id, lines.join("\n"), cost()))) {
      stop.abort(new RunGone());
      throw new RunGone();
    }
  };
  try {
    if (input.attempt > 1 || run.status === "in_progress")
      await log(`attempt ${input.attempt}: starting again from scratch`);
    const items: LabeledTrace[] = (await store.labels(run.judgeId)).map((label) => ({
      id: label.traceId,
      passed: label.passed,
      comment: label.comment,
      renderedTrace: renderTraceForJudge(label.trace.record, label.trace.format),
    }));
    if (items.length < MIN_OPTIMIZATION_ANNOTATIONS)
      throw new OptimizationError(
        `the judge has ${items.length} annotations left (some were removed since the run was created); at least ${MIN_OPTIMIZATION_ANNOTATIONS} are needed`,
      );
    const { judge, optimizer } = await deps.openModels(run.judgeModelId, signal);
    cost = () => judge.usage().cost + optimizer.usage().cost;
    await log(`judge model ${judge.key}, optimizer model ${optimizer.key}; ${items.length} labels`);

    const plan = OPTIMIZATION_BUDGET_PLANS[run.budget];
    const outcome = await optimizeGoal(
      { seed: run.id, goal: run.originalGoal, items, plan },
      {
        judge: {
          complete: judge.complete,
          limits: judge.limits,
          // Traces judged at once while measuring a goal: as many as a trace evaluation job.
          concurrency: JUDGED_AT_ONCE,
          signal,
        },
        optimizer: optimizer.complete,
        log,
      },
    );
    await log(`cost: $${cost().toFixed(4)} (estimated $${run.estimatedCost.toFixed(4)})`);
    await store.succeed(run.id, {
      plan,
      outcome,
      logs: lines.join("\n"),
      actualCost: cost(),
      annotationCount: items.length,
    });
  } catch (error) {
    if (error instanceof RunGone || stop.signal.aborted) return;
    const reason = failureReason(error, input.signal, {
      model: "a model",
      ownErrors: optimizationFailure,
    });
    if (reason === undefined) throw error;
    lines.push(`failed: ${reason}`);
    await store.fail(run.id, { description: reason, logs: lines.join("\n"), actualCost: cost() });
    deps.onFailed?.(run.id, reason);
  }
}

/** The optimization's own final errors, as the run's status description. */
function optimizationFailure(error: unknown): string | undefined {
  if (error instanceof OptimizationError || error instanceof TraceJudgingError)
    return error.message;
  return undefined;
}
