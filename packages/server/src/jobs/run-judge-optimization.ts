import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { runJudgeOptimization } from "../engine/runners/judge-optimization/index.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import { createJudgeOptimizationStore } from "../resources/judge-optimizations/judge-optimization-store.ts";
import { createOptimizationModels } from "../resources/judge-optimizations/open-models.ts";
import { RunJudgeOptimizationPayloadSchema } from "../resources/judge-optimizations/run-judge-optimization-job.ts";

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

/** Runs one judge optimization (engine/runners/judge-optimization runJudgeOptimization). */
export function createRunJudgeOptimizationJob(deps: RunJudgeOptimizationDeps): JobHandler {
  const openModels = createOptimizationModels({
    ...deps,
    defaultJudgeModel: deps.config.defaultJudgeModel,
    optimizerModel: deps.config.optimizerModel,
    concurrency: deps.config.evaluations.concurrency,
  });
  return async (job) => {
    const payload = RunJudgeOptimizationPayloadSchema.parse(job.data);
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    await runJudgeOptimization(
      { runId: payload.optimization_id, attempt: job.attempt, signal: job.signal },
      {
        store: createJudgeOptimizationStore(deps, scope),
        openModels: openModels(scope),
        onFailed: (id, reason) =>
          deps.logger.info({ optimization: id, reason }, "judge optimization failed"),
      },
    );
  };
}
