import type { EvaluationStatus, ResultExecution } from "@assay/protocol";
import type { Logger } from "pino";
import type { Catalog } from "../../catalog/catalog.ts";
import type { ModelEndpoint } from "../../engine/gateway/endpoint.ts";
import type {
  EvaluationChunk,
  EvaluationPlan,
  EvaluationStore,
} from "../../engine/runners/evaluation/evaluation-store.ts";
import type { SampleOutcome } from "../../engine/runners/evaluation/run-samples.ts";
import { needsJudge } from "../../engine/scorers/metrics.ts";
import type { ScoreExecution } from "../../engine/scorers/scorer.ts";
import type { Clock } from "../../platform/clock.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import { linearTimeProblem } from "../../platform/regexp-backtracking.ts";
import { createEndpointResolver, ModelUnavailableError } from "../models/resolve-endpoint.ts";
import { readRunScorers } from "../scorers/run-scorers.ts";
import { finalizeEvaluation } from "./finalize.ts";
import { ACTIVE_STATUSES, createEvaluationRepository } from "./repository.ts";
import { computedMetricNames, scoringPlan } from "./scoring-plan.ts";
import type { EvaluationOptions } from "./to-evaluation.ts";

export interface EvaluationStoreDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  secrets: SecretBox;
  /** Says when a run ends (finalize.ts). */
  logger?: Logger;
  /** The judge of runs whose benchmark names none (ASSAY_DEFAULT_JUDGE_MODEL's key). */
  defaultJudgeModel?: string;
}

/**
 * The evaluation runner's store (engine/runners/evaluation/evaluation-store.ts) over the
 * evaluations repository. It also resolves what the engine must not see: the benchmark's scoring
 * plan and the models' endpoints (rows, sealed keys, settings).
 */
export function createEvaluationStore(deps: EvaluationStoreDeps): EvaluationStore {
  const repo = createEvaluationRepository(deps.db);
  const { resolveEndpoint, resolveConfiguredModel } = createEndpointResolver(deps);
  const now = () => deps.clock.now().toISOString();

  async function judgeEndpoint(
    judgeModelId: string | null,
    chunk: EvaluationChunk,
  ): Promise<ModelEndpoint> {
    if (judgeModelId !== null) return resolveEndpoint(judgeModelId);
    const key = deps.defaultJudgeModel;
    if (key === undefined)
      throw new ModelUnavailableError(
        "this benchmark is scored by a judge model and none is set: configure ASSAY_DEFAULT_JUDGE_MODEL",
      );
    return resolveConfiguredModel(
      { organizationId: chunk.organizationId, projectId: chunk.projectId },
      "ASSAY_DEFAULT_JUDGE_MODEL",
      key,
    );
  }

  return {
    async startRun(chunk, times) {
      const id = chunk.evaluationId;
      let row = await repo.findById(id);
      if (!row || row.organization_id !== chunk.organizationId) return undefined;
      if (row.status === "pending") {
        await repo.transition(id, ["pending"], "in-progress", {
          started_at: times.startedAt.toISOString(),
          deadline_at: times.deadlineAt.toISOString(),
        });
        row = await repo.findById(id);
      }
      if (!row) return undefined;
      return {
        status: row.status as EvaluationStatus,
        deadlineAt: row.deadline_at === null ? null : new Date(row.deadline_at),
      };
    },

    async loadPlan(chunk): Promise<EvaluationPlan | { unusable: string }> {
      const row = await repo.findById(chunk.evaluationId);
      if (!row) return { unusable: "the evaluation is gone" };
      const plan = await scoringPlan(deps, row.benchmark_id);
      // A pattern refused at creation since, stored before: the run fails instead of running it.
      const unbounded = plan.regexPattern && linearTimeProblem(plan.regexPattern);
      if (unbounded) return { unusable: `the benchmark's regex_pattern ${unbounded}` };
      const metrics = computedMetricNames(plan);
      const options = JSON.parse(row.options) as EvaluationOptions;
      try {
        const resolved = await resolveEndpoint(row.model_id);
        // The run sends what it recorded when created; a run from before that record, what the
        // model's settings say now.
        const endpoint = options.request
          ? { ...resolved, parameters: options.request.parameters }
          : resolved;
        const judge = needsJudge(plan.scorer, metrics)
          ? await judgeEndpoint(plan.judgeModelId, chunk)
          : undefined;
        const scorers = await Promise.all(
          readRunScorers(row.scorers).map(async (s) => ({
            id: s.id,
            rubric: s.prompt,
            // A scorer whose model is gone fails its own grades; the run goes on without it.
            endpoint: await resolveEndpoint(s.model_id).catch((error: unknown) => {
              if (error instanceof ModelUnavailableError) return error;
              throw error;
            }),
          })),
        );
        return {
          endpoint,
          ...(judge === undefined ? {} : { judge }),
          scorer: plan.scorer,
          regexPattern: plan.regexPattern,
          systemPrompt: plan.systemPrompt,
          instructions: plan.instructions,
          metrics,
          scorers,
          concurrency: options.concurrency,
          cache: options.cache && (options.repeats ?? 1) === 1,
        };
      } catch (error) {
        if (!(error instanceof ModelUnavailableError)) throw error;
        return { unusable: error.message };
      }
    },

    findStatus: async (id) => (await repo.findById(id))?.status as EvaluationStatus | undefined,

    async endEarly(id, status, description) {
      await repo.transition(id, ACTIVE_STATUSES, status, {
        status_description: description,
        finished_at: now(),
      });
    },

    unscoredSamples: async (chunk) =>
      (await repo.unscoredSamples(chunk.evaluationId, chunk.from, chunk.to)).map((s) => ({
        position: s.position,
        input: s.input,
        inputText: s.input_text,
        truth: s.truth,
        repeat: s.repeat,
      })),

    cachedResponses: (keys) => repo.cachedResponses(keys),

    async writeResults(id, outcomes) {
      const at = now();
      await repo.writeResults(
        id,
        outcomes.map((o) => toResultRow(id, o, at)),
        outcomes.flatMap((o) => (o.cacheEntry ? [o.cacheEntry] : [])),
        at,
      );
    },

    finalize: (id, metricNames) =>
      finalizeEvaluation(
        { repo, clock: deps.clock, catalog: deps.catalog, logger: deps.logger },
        id,
        metricNames,
      ),
  };
}

function toResultRow(evaluationId: string, o: SampleOutcome, at: string) {
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
    reasoning_tokens: o.reasoningTokens,
    reasoning: o.reasoning,
    cost_usd: o.cost,
    cached: o.cached ? 1 : 0,
    metrics: JSON.stringify(o.metrics),
    scorer_scores: o.scorerScores === null ? null : JSON.stringify(o.scorerScores),
    execution: o.execution === undefined ? null : JSON.stringify(wireExecution(o.execution)),
    created_at: at,
  };
}

/** Stored as the wire reads it: tsc checks here that every exit the sandbox gives is the wire's. */
function wireExecution(execution: ScoreExecution): ResultExecution {
  return execution;
}
