import {
  MIN_OPTIMIZATION_ANNOTATIONS,
  OPTIMIZATION_BUDGET_PLANS,
  type OptimizationBudget,
  type TraceFormat,
} from "@assay/protocol";
import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import {
  createOptimizerCaller,
  type LabeledTrace,
  OptimizationError,
  optimizeGoal,
} from "../engine/optimizer/index.ts";
import {
  createJudgeCaller,
  createStructuredOutputMemory,
  TraceJudgingError,
} from "../engine/runners/trace-judging/index.ts";
import { renderTraceForJudge } from "../engine/traces/index.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JudgeOptimizationRunRow } from "../platform/db/schema.ts";
import type { Job, JobHandler } from "../platform/queue/job-queue.ts";
import { createLabelReader } from "../resources/judge-optimizations/labels.ts";
import { OPTIMIZER_MODEL_SETTING } from "../resources/judge-optimizations/optimizer-model.ts";
import {
  createOptimizationRepository,
  isFinished,
} from "../resources/judge-optimizations/repository.ts";
import { RunJudgeOptimizationPayloadSchema } from "../resources/judge-optimizations/run-judge-optimization-job.ts";
import { toOptimizationStats } from "../resources/judge-optimizations/to-optimization-run.ts";
import { createEndpointResolver } from "../resources/models/resolve-endpoint.ts";
import { createJudgeModelProfiles } from "../resources/trace-evaluations/judge-model-profile.ts";
import { parseSnapshot } from "../resources/trace-evaluations/to-trace-evaluation.ts";
import type { ProjectScope } from "../tenancy.ts";
import { failureReason } from "./failure-reason.ts";

export interface RunJudgeOptimizationDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  secrets: SecretBox;
  gateway: Gateway;
  config: {
    evaluations: { concurrency: number };
    defaultJudgeModel?: string | undefined;
    optimizerModel?: string | undefined;
  };
}

/**
 * Traces judged at once while measuring a goal, as a trace evaluation job judges its batch; the
 * gateway's per-endpoint limit still bounds the judge model's calls across all jobs.
 */
const JUDGED_AT_ONCE = 8;

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
 * judge changes only through apply.
 */
export function createRunJudgeOptimizationJob(deps: RunJudgeOptimizationDeps): JobHandler {
  const repo = createOptimizationRepository(deps.db);
  const labels = createLabelReader(deps.db);
  const { resolveEndpoint, resolveConfiguredModel } = createEndpointResolver(deps);
  const profiles = createJudgeModelProfiles({
    ...deps,
    defaultJudgeModel: deps.config.defaultJudgeModel,
  });
  const structuredOutput = createStructuredOutputMemory();
  const now = () => deps.clock.now().toISOString();

  async function labeledTraces(scope: ProjectScope, judgeId: string): Promise<LabeledTrace[]> {
    const rows = await labels.labeledTraces(scope, judgeId);
    return rows.map((row) => ({
      id: row.trace_id,
      passed: row.passed,
      comment: row.comment ?? undefined,
      renderedTrace: renderTraceForJudge(
        JSON.parse(row.data) as Record<string, unknown>,
        row.format as TraceFormat,
      ),
    }));
  }

  async function optimize(run: JudgeOptimizationRunRow, scope: ProjectScope, job: Job) {
    const lines: string[] = [];
    const stop = new AbortController();
    const signal = AbortSignal.any([job.signal, stop.signal]);
    let cost = () => 0;
    const log = async (line: string) => {
      lines.push(line);
      if (!(await repo.progress(run.id, lines.join("\n"), cost()))) {
        stop.abort(new RunGone());
        throw new RunGone();
      }
    };
    try {
      if (job.attempt > 1 || run.status === "in_progress")
        await log(`attempt ${job.attempt}: starting again from scratch`);
      const items = await labeledTraces(scope, run.judge_id);
      if (items.length < MIN_OPTIMIZATION_ANNOTATIONS)
        throw new OptimizationError(
          `the judge has ${items.length} annotations left (some were removed since the run was created); at least ${MIN_OPTIMIZATION_ANNOTATIONS} are needed`,
        );
      const snapshot = parseSnapshot(run.judge_snapshot);
      const judgeModel = await profiles(scope, snapshot.modelId ?? null);
      const judgeEndpoint = await resolveEndpoint(judgeModel.id);
      const optimizerKey = deps.config.optimizerModel;
      const optimizerEndpoint =
        optimizerKey === undefined
          ? judgeEndpoint
          : await resolveConfiguredModel(scope, OPTIMIZER_MODEL_SETTING, optimizerKey);
      const callOptions = {
        gateway: deps.gateway,
        signal,
        concurrency: deps.config.evaluations.concurrency,
      };
      const judge = createJudgeCaller({
        ...callOptions,
        endpoint: judgeEndpoint,
        memory: structuredOutput,
      });
      const optimizer = createOptimizerCaller({ ...callOptions, endpoint: optimizerEndpoint });
      cost = () => judge.usage().cost + optimizer.usage().cost;
      await log(
        `judge model ${judgeModel.key}, optimizer model ${optimizerKey ?? judgeModel.key}; ${items.length} labels`,
      );

      const plan = OPTIMIZATION_BUDGET_PLANS[run.budget as OptimizationBudget];
      const outcome = await optimizeGoal(
        { seed: run.id, goal: run.original_goal, items, plan },
        {
          judge: {
            complete: judge.complete,
            limits: { ...judgeModel.limits, maxOutputTokens: judgeEndpoint.maxTokens },
            concurrency: JUDGED_AT_ONCE,
            signal,
          },
          optimizer: optimizer.complete,
          log,
        },
      );
      await log(
        `cost: $${cost().toFixed(4)} (estimated $${Number(run.estimated_cost).toFixed(4)})`,
      );
      await repo.succeed(
        run.id,
        {
          optimized_goal: outcome.optimizedGoal,
          baseline_accuracy: outcome.baseline.heldOut.accuracy,
          optimized_accuracy: outcome.best?.heldOut.accuracy ?? null,
          stats: JSON.stringify(toOptimizationStats(plan, outcome)),
          logs: lines.join("\n"),
          actual_cost: cost(),
          annotation_count: items.length,
        },
        now(),
      );
    } catch (error) {
      if (error instanceof RunGone || stop.signal.aborted) return;
      const reason = failureReason(error, job, {
        model: "a model",
        ownErrors: optimizationFailure,
      });
      if (reason === undefined) throw error;
      lines.push(`failed: ${reason}`);
      await repo.fail(
        run.id,
        { description: reason, logs: lines.join("\n"), actualCost: cost() },
        now(),
      );
      deps.logger.info({ optimization: run.id, reason }, "judge optimization failed");
    }
  }

  return async (job) => {
    const payload = RunJudgeOptimizationPayloadSchema.parse(job.data);
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    const run = await repo.findById(payload.optimization_id);
    if (!run || run.organization_id !== scope.organizationId || run.project_id !== scope.projectId)
      return;
    if (isFinished(run.status)) return;
    const started =
      run.status === "pending"
        ? await repo.start(run.id, now())
        : await repo.restart(run.id, now());
    if (!started) return;
    await optimize(run, scope, job);
  };
}

/** The optimization's own final errors, as the run's status description. */
function optimizationFailure(error: unknown): string | undefined {
  if (error instanceof OptimizationError || error instanceof TraceJudgingError)
    return error.message;
  return undefined;
}
