import { randomUUID } from "node:crypto";
import type { TraceEvaluationStatus, TraceFormat } from "@assay/protocol";
import type { TraceEvaluationStore } from "../../engine/runners/trace-judging/index.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createTraceEvaluationRepository } from "./repository.ts";
import { parseSnapshot } from "./to-trace-evaluation.ts";

/**
 * The trace evaluation runner's store over the repository, confined to one job's scope: an
 * evaluation or trace of another scope reads as gone.
 */
export function createTraceEvaluationStore(
  deps: { db: Database; clock: Clock },
  scope: ProjectScope,
): TraceEvaluationStore {
  const repo = createTraceEvaluationRepository(deps.db);
  const now = () => deps.clock.now().toISOString();
  return {
    async find(id) {
      const row = await repo.find(scope, id);
      if (!row) return undefined;
      const snapshot = parseSnapshot(row.judge_snapshot);
      return {
        status: row.status as TraceEvaluationStatus,
        traceId: row.trace_id,
        goal: snapshot.evaluationGoal,
        judgeModelId: snapshot.modelId ?? null,
      };
    },
    async start(id) {
      await repo.start(id, now());
    },
    async findTrace(traceId) {
      const trace = await repo.findTrace(scope, traceId);
      return (
        trace && {
          record: JSON.parse(trace.data) as Record<string, unknown>,
          format: trace.format as TraceFormat,
        }
      );
    },
    async succeed(id, outcome) {
      await repo.succeed(
        id,
        {
          result_id: randomUUID(),
          score: outcome.score,
          passed: outcome.passed ? 1 : 0,
          reasoning: outcome.reasoning,
          model: outcome.model,
          turns: outcome.turns,
          latency_ms: Math.round(outcome.usage.latencyMs),
          prompt_tokens: outcome.usage.promptTokens,
          completion_tokens: outcome.usage.completionTokens,
          total_cost: outcome.usage.cost,
          truncated: outcome.truncated ? 1 : 0,
        },
        now(),
      );
    },
    async fail(id, reason) {
      await repo.fail(id, reason, now());
    },
  };
}
