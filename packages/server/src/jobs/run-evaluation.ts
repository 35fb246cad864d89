import { JUDGED_METRICS } from "@assay/protocol";
import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { ChatMessage, ModelEndpoint } from "../engine/gateway/endpoint.ts";
import { createFailFast, type FailFast } from "../engine/gateway/fail-fast.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { buildRequestBody } from "../engine/gateway/request-body.ts";
import {
  type GradingScorer,
  gradeWithScorers,
} from "../engine/runners/evaluation/grade-with-scorers.ts";
import {
  type RunSample,
  runSamples,
  type SampleOutcome,
} from "../engine/runners/evaluation/run-samples.ts";
import { getScorer, judgeMetrics, judgeScore, readability } from "../engine/scorers/index.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import { finalizeEvaluation } from "../resources/evaluations/finalize.ts";
import {
  ACTIVE_STATUSES,
  createEvaluationRepository,
} from "../resources/evaluations/repository.ts";
import { RunEvaluationPayloadSchema } from "../resources/evaluations/run-evaluation-job.ts";
import {
  computedMetricNames,
  type ScoringPlan,
  scoringPlan,
  toMessages,
} from "../resources/evaluations/scoring-plan.ts";
import type { EvaluationOptions } from "../resources/evaluations/to-evaluation.ts";
import {
  createEndpointResolver,
  ModelUnavailableError,
} from "../resources/models/resolve-endpoint.ts";
import { readRunScorers } from "../resources/scorers/run-scorers.ts";
import { PAST_DEADLINE } from "./run-enders.ts";

export interface RunEvaluationDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  secrets: SecretBox;
  gateway: Gateway;
  config: {
    evaluations: { maxDurationSeconds: number };
    defaultJudgeModel?: string;
  };
  /** How often a running chunk looks for a cancel or a deadline (default 250 ms). */
  watchIntervalMs?: number;
}

const JUDGED = new Set<string>(JUDGED_METRICS);

/**
 * Runs one range of an evaluation's prompts. Idempotent: it only runs prompts without a result,
 * so a chunk re-run after a crash finishes the work without repeating it. The first chunk moves
 * the evaluation to `in-progress`; whichever chunk writes the last result finalizes it.
 */
export function createRunEvaluationJob(deps: RunEvaluationDeps): JobHandler {
  const repo = createEvaluationRepository(deps.db);
  const { resolveEndpoint, resolveConfiguredModel } = createEndpointResolver(deps);
  const watchIntervalMs = deps.watchIntervalMs ?? 250;
  // One fail-fast per evaluation in this process, shared by its chunks running side by side:
  // five 401s in a row are five, whichever chunks sent them, and a trip stops them all at once.
  const shared = new Map<
    string,
    { failFast: FailFast; tripped: AbortController; chunks: number }
  >();
  const sharedFor = (id: string) => {
    const entry = shared.get(id) ?? {
      failFast: createFailFast(),
      tripped: new AbortController(),
      chunks: 0,
    };
    entry.chunks += 1;
    shared.set(id, entry);
    return {
      ...entry,
      done() {
        entry.chunks -= 1;
        if (entry.chunks > 0) return;
        // A tripped run is remembered a while: a chunk that checked the status just before the
        // run was failed must still stop at once instead of starting a fresh count.
        if (entry.tripped.signal.aborted)
          setTimeout(() => shared.get(id)?.chunks === 0 && shared.delete(id), 600_000).unref();
        else shared.delete(id);
      },
    };
  };

  const now = () => deps.clock.now();

  /** Ends a run early (failure, timeout) unless something else ended it first. */
  const end = (id: string, status: "failure" | "timeout", description: string) =>
    repo.transition(id, ACTIVE_STATUSES, status, {
      status_description: description,
      finished_at: now().toISOString(),
    });

  async function judgeEndpoint(
    plan: ScoringPlan,
    scope: { organizationId: string; projectId: string },
  ): Promise<ModelEndpoint> {
    if (plan.judgeModelId !== null) return resolveEndpoint(plan.judgeModelId);
    const key = deps.config.defaultJudgeModel;
    if (key === undefined)
      throw new ModelUnavailableError(
        "this benchmark is scored by a judge model and none is set: configure ASSAY_DEFAULT_JUDGE_MODEL",
      );
    return resolveConfiguredModel(scope, "ASSAY_DEFAULT_JUDGE_MODEL", key);
  }

  return async (job) => {
    const payload = RunEvaluationPayloadSchema.parse(job.data);
    const id = payload.evaluation_id;
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    let row = await repo.findById(id);
    if (!row || row.organization_id !== scope.organizationId) return;
    if (row.status === "pending") {
      const startedAt = now();
      await repo.transition(id, ["pending"], "in-progress", {
        started_at: startedAt.toISOString(),
        deadline_at: new Date(
          startedAt.getTime() + deps.config.evaluations.maxDurationSeconds * 1000,
        ).toISOString(),
      });
      row = await repo.findById(id);
    }
    if (row?.status !== "in-progress") return;
    const deadline = row.deadline_at === null ? Infinity : Date.parse(row.deadline_at);
    if (now().getTime() >= deadline) {
      await end(id, "timeout", PAST_DEADLINE);
      return;
    }

    const plan = await scoringPlan(deps, row.benchmark_id);
    const metricNames = computedMetricNames(plan);
    const options = JSON.parse(row.options) as EvaluationOptions;
    let endpoint: ModelEndpoint;
    let judge: ModelEndpoint | undefined;
    try {
      endpoint = await resolveEndpoint(row.model_id);
      if (plan.scorer === "llm_judge" || metricNames.some((m) => JUDGED.has(m)))
        judge = await judgeEndpoint(plan, scope);
    } catch (error) {
      if (!(error instanceof ModelUnavailableError)) throw error;
      await end(id, "failure", error.message);
      return;
    }

    const samples: RunSample[] = (await repo.unscoredSamples(id, payload.from, payload.to)).map(
      (s) => ({
        position: s.position,
        messages: toMessages(s.input, plan.systemPrompt),
        prompt: s.input_text,
        truth: s.truth,
      }),
    );

    // Stops this chunk promptly when the run is cancelled, fails elsewhere or passes its deadline.
    const stop = new AbortController();
    job.signal.addEventListener("abort", () => stop.abort(job.signal.reason), { once: true });
    const watcher = setInterval(() => {
      void (async () => {
        if (now().getTime() >= deadline) {
          await end(id, "timeout", PAST_DEADLINE);
        }
        const current = await repo.findById(id);
        if (current?.status !== "in-progress") stop.abort(new Error("the evaluation ended"));
      })().catch((err: unknown) =>
        deps.logger.warn({ err, evaluation: id }, "status check failed"),
      );
    }, watchIntervalMs);

    const completeWith =
      (model: ModelEndpoint) =>
      async (messages: ChatMessage[]): Promise<string> =>
        (
          await deps.gateway.complete(model, buildRequestBody(model, messages), {
            signal: stop.signal,
            concurrency: options.concurrency,
          })
        ).content;
    const judgeComplete = judge ? completeWith(judge) : undefined;
    const gradingScorers = await Promise.all(
      readRunScorers(row.scorers).map(async (s): Promise<GradingScorer> => {
        try {
          return {
            id: s.id,
            rubric: s.prompt,
            complete: completeWith(await resolveEndpoint(s.model_id)),
          };
        } catch (error) {
          // A scorer whose model is gone fails its own grades; the run goes on without it.
          if (!(error instanceof ModelUnavailableError)) throw error;
          return { id: s.id, rubric: s.prompt, complete: error };
        }
      }),
    );
    const scorer = plan.scorer === "llm_judge" ? undefined : getScorer(plan.scorer);
    const run = sharedFor(id);
    if (run.tripped.signal.aborted) stop.abort(run.tripped.signal.reason);
    else
      run.tripped.signal.addEventListener("abort", () => stop.abort(run.tripped.signal.reason), {
        once: true,
      });

    let outcome: Awaited<ReturnType<typeof runSamples>>;
    try {
      outcome = await runSamples({
        samples,
        endpoint,
        gateway: deps.gateway,
        concurrency: options.concurrency,
        cache: options.cache
          ? { scope: scope.organizationId, lookup: (keys) => repo.cachedResponses(keys) }
          : undefined,
        score: (sample, response) => {
          const input = {
            response,
            truth: sample.truth,
            prompt: sample.prompt,
            regexPattern: plan.regexPattern,
          };
          if (scorer) return scorer(input);
          return judgeScore({ ...input, instructions: plan.instructions }, judgeComplete!);
        },
        metrics:
          metricNames.length === 0
            ? undefined
            : async (sample, response) => {
                const values: Record<string, number | null> = {};
                if (metricNames.includes("readability")) values.readability = readability(response);
                const judged = metricNames.filter((m) =>
                  JUDGED.has(m),
                ) as (typeof JUDGED_METRICS)[number][];
                if (judged.length > 0 && judgeComplete)
                  Object.assign(
                    values,
                    await judgeMetrics(
                      { prompt: sample.prompt, response, truth: sample.truth },
                      judged,
                      judgeComplete,
                    ),
                  );
                return values;
              },
        grade:
          gradingScorers.length === 0
            ? undefined
            : (sample, response) =>
                gradeWithScorers(
                  { prompt: sample.prompt, truth: sample.truth, response },
                  gradingScorers,
                  stop.signal,
                ),
        onCall: (result) => {
          const reason = run.failFast.record(result);
          if (reason !== undefined) run.tripped.abort(new Error(reason));
          return reason;
        },
        write: async (outcomes) => {
          await repo.writeResults(
            id,
            outcomes.map((o) => toResultRow(id, o, now())),
            cacheEntries(outcomes),
            now().toISOString(),
          );
        },
        signal: stop.signal,
      });
    } finally {
      clearInterval(watcher);
      run.done();
    }

    if (outcome.kind === "tripped") {
      await end(id, "failure", outcome.reason);
      return;
    }
    // Stopped by the queue (shutdown, lost lease): hand the chunk back to be run again.
    if (job.signal.aborted) throw job.signal.reason ?? new Error("stopped");
    if (outcome.kind === "done")
      await finalizeEvaluation({ repo, clock: deps.clock }, id, metricNames);
  };
}

function toResultRow(evaluationId: string, o: SampleOutcome, at: Date) {
  return {
    evaluation_id: evaluationId,
    position: o.position,
    response: o.response,
    score: o.score,
    passed: o.passed ? 1 : 0,
    reason: o.reason,
    error: o.error,
    duration_ms: Math.round(o.durationMs),
    prompt_tokens: o.promptTokens,
    completion_tokens: o.completionTokens,
    cost_usd: o.cost,
    cached: o.cached ? 1 : 0,
    metrics: JSON.stringify(o.metrics),
    scorer_scores: o.scorerScores === null ? null : JSON.stringify(o.scorerScores),
    created_at: at.toISOString(),
  };
}

function cacheEntries(outcomes: readonly SampleOutcome[]) {
  return outcomes.flatMap((o) => (o.cacheEntry ? [o.cacheEntry] : []));
}
