import { randomUUID } from "node:crypto";
import type { TraceFormat } from "@assay/protocol";
import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { mapConcurrent } from "../engine/runners/benchmark-generation/map-concurrent.ts";
import {
  createJudgeCaller,
  createStructuredOutputMemory,
  judgeTrace,
  TraceJudgingError,
} from "../engine/runners/trace-judging/index.ts";
import { JudgeOutputError } from "../engine/scorers/index.ts";
import { renderTraceForJudge } from "../engine/traces/index.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { Job, JobHandler } from "../platform/queue/job-queue.ts";
import { createEndpointResolver } from "../resources/models/resolve-endpoint.ts";
import { createJudgeModelProfiles } from "../resources/trace-evaluations/judge-model-profile.ts";
import {
  createTraceEvaluationRepository,
  isFinished,
} from "../resources/trace-evaluations/repository.ts";
import { RunTraceEvaluationPayloadSchema } from "../resources/trace-evaluations/run-trace-evaluation-job.ts";
import { parseSnapshot } from "../resources/trace-evaluations/to-trace-evaluation.ts";
import type { ProjectScope } from "../tenancy.ts";
import { failureReason } from "./failure-reason.ts";

export interface RunTraceEvaluationDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  secrets: SecretBox;
  gateway: Gateway;
  config: {
    evaluations: { concurrency: number };
    defaultJudgeModel?: string;
  };
}

/**
 * Evaluations of one job judged at once. The gateway's per-endpoint limit still bounds the calls
 * in flight to one judge model across all jobs of the process.
 */
const JUDGED_AT_ONCE = 8;

/**
 * Runs a judge over each trace of the job's evaluations: `pending` → `in_progress` → `success`
 * with the verdict, tokens, latency and cost, or `failure` saying why (the judge model is
 * unavailable, its answer held no verdict even after the repair turn, its call failed after the
 * gateway's retries). Idempotent under at-least-once delivery: a finished evaluation is left
 * alone, every status change is guarded by the status it leaves, and an evaluation interrupted in
 * `in_progress` (a crash, a shutdown) is judged again when the job comes back. An unexpected error
 * in one evaluation does not stop the others; the job then throws it, and its retry judges only
 * what is still unfinished.
 */
export function createRunTraceEvaluationJob(deps: RunTraceEvaluationDeps): JobHandler {
  const repo = createTraceEvaluationRepository(deps.db);
  const { resolveEndpoint } = createEndpointResolver(deps);
  const profiles = createJudgeModelProfiles({
    ...deps,
    defaultJudgeModel: deps.config.defaultJudgeModel,
  });
  const structuredOutput = createStructuredOutputMemory();
  const now = () => deps.clock.now().toISOString();

  async function judgeOne(id: string, scope: ProjectScope, job: Job): Promise<void> {
    let row = await repo.findById(id);
    if (!row || row.organization_id !== scope.organizationId || row.project_id !== scope.projectId)
      return;
    if (isFinished(row.status)) return;
    if (row.status === "pending") {
      await repo.start(id, now());
      row = await repo.findById(id);
    }
    if (row?.status !== "in_progress") return;

    const trace = await repo.findTrace(scope, row.trace_id);
    if (!trace) {
      await repo.fail(id, "the trace was deleted before it could be judged", now());
      return;
    }
    const snapshot = parseSnapshot(row.judge_snapshot);
    try {
      const model = await profiles(scope, snapshot.modelId ?? null);
      const endpoint = await resolveEndpoint(model.id);
      const caller = createJudgeCaller({
        gateway: deps.gateway,
        endpoint,
        memory: structuredOutput,
        signal: job.signal,
        concurrency: deps.config.evaluations.concurrency,
      });
      const judgment = await judgeTrace(
        {
          goal: snapshot.evaluationGoal,
          renderedTrace: renderTraceForJudge(
            JSON.parse(trace.data) as Record<string, unknown>,
            trace.format as TraceFormat,
          ),
          limits: { ...model.limits, maxOutputTokens: endpoint.maxTokens },
        },
        caller.complete,
      );
      const usage = caller.usage();
      await repo.succeed(
        id,
        {
          result_id: randomUUID(),
          score: judgment.verdict.score,
          passed: judgment.verdict.passed ? 1 : 0,
          reasoning: judgment.verdict.reasoning,
          model: model.key,
          turns: judgment.turns,
          latency_ms: Math.round(usage.latencyMs),
          prompt_tokens: usage.promptTokens,
          completion_tokens: usage.completionTokens,
          total_cost: usage.cost,
          truncated: judgment.truncated ? 1 : 0,
        },
        now(),
      );
    } catch (error) {
      const reason = failureReason(error, job, {
        model: "the judge model",
        ownErrors: judgingFailure,
      });
      if (reason === undefined) throw error;
      await repo.fail(id, reason, now());
      deps.logger.info({ trace_evaluation: id, reason }, "trace evaluation failed");
    }
  }

  return async (job) => {
    const payload = RunTraceEvaluationPayloadSchema.parse(job.data);
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    let retry: { error: unknown } | undefined;
    await mapConcurrent(
      payload.trace_evaluation_ids,
      JUDGED_AT_ONCE,
      async (id) => {
        try {
          await judgeOne(id, scope, job);
        } catch (error) {
          retry ??= { error };
        }
      },
      job.signal,
    );
    if (retry) throw retry.error;
  };
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
