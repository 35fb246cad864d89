import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { runTraceEvaluations } from "../engine/runners/trace-judging/index.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import { createJudgeOpener } from "../resources/trace-evaluations/open-judge.ts";
import { RunTraceEvaluationPayloadSchema } from "../resources/trace-evaluations/run-trace-evaluation-job.ts";
import { createTraceEvaluationStore } from "../resources/trace-evaluations/trace-evaluation-store.ts";

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

/** Judges the job's trace evaluations (engine/runners/trace-judging runTraceEvaluations). */
export function createRunTraceEvaluationJob(deps: RunTraceEvaluationDeps): JobHandler {
  const openJudge = createJudgeOpener({
    ...deps,
    defaultJudgeModel: deps.config.defaultJudgeModel,
    concurrency: deps.config.evaluations.concurrency,
  });
  return async (job) => {
    const payload = RunTraceEvaluationPayloadSchema.parse(job.data);
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    await runTraceEvaluations(payload.trace_evaluation_ids, job.signal, {
      store: createTraceEvaluationStore(deps, scope),
      openJudge: openJudge(scope),
      onFailed: (id, reason) =>
        deps.logger.info({ trace_evaluation: id, reason }, "trace evaluation failed"),
    });
  };
}
