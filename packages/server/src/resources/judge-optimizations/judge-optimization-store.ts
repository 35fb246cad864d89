import type { OptimizationBudget, OptimizationStatus, TraceFormat } from "@assay/protocol";
import type { JudgeOptimizationStore } from "../../engine/runners/judge-optimization/index.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { parseSnapshot } from "../trace-evaluations/to-trace-evaluation.ts";
import { createLabelReader } from "./label-repository.ts";
import { createOptimizationRepository } from "./repository.ts";
import { toOptimizationStats } from "./to-optimization-run.ts";

/**
 * The optimization runner's store over the repositories, confined to one job's scope: a run of
 * another scope reads as gone, and only the scope's labels and traces are read.
 */
export function createJudgeOptimizationStore(
  deps: { db: Database; clock: Clock },
  scope: ProjectScope,
): JudgeOptimizationStore {
  const repo = createOptimizationRepository(deps.db);
  const labels = createLabelReader(deps.db);
  const now = () => deps.clock.now().toISOString();
  return {
    async find(id) {
      const run = await repo.find(scope, id);
      if (!run) return undefined;
      return {
        id: run.id,
        status: run.status as OptimizationStatus,
        judgeId: run.judge_id,
        judgeModelId: parseSnapshot(run.judge_snapshot).modelId ?? null,
        originalGoal: run.original_goal,
        budget: run.budget as OptimizationBudget,
        estimatedCost: Number(run.estimated_cost),
      };
    },
    start: (id) => repo.start(id, now()),
    restart: (id) => repo.restart(id, now()),
    labels: async (judgeId) =>
      (await labels.labeledTraces(scope, judgeId)).map((row) => ({
        traceId: row.trace_id,
        passed: row.passed,
        comment: row.comment ?? undefined,
        trace: {
          record: JSON.parse(row.data) as Record<string, unknown>,
          format: row.format as TraceFormat,
        },
      })),
    progress: (id, logs, actualCost) => repo.progress(id, logs, actualCost),
    async succeed(id, result) {
      await repo.succeed(
        id,
        {
          optimized_goal: result.outcome.optimizedGoal,
          baseline_accuracy: result.outcome.baseline.heldOut.accuracy,
          optimized_accuracy: result.outcome.best?.heldOut.accuracy ?? null,
          stats: JSON.stringify(toOptimizationStats(result.plan, result.outcome)),
          logs: result.logs,
          actual_cost: result.actualCost,
          annotation_count: result.annotationCount,
        },
        now(),
      );
    },
    async fail(id, failure) {
      await repo.fail(id, failure, now());
    },
  };
}
