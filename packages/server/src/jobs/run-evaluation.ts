import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { createFailFastRegistry } from "../engine/runners/evaluation/fail-fast-registry.ts";
import { runEvaluationChunk } from "../engine/runners/evaluation/run-evaluation-chunk.ts";
import { openSandbox, type Sandbox, type SandboxOptions } from "../engine/sandbox/sandbox.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import { createEvaluationStore } from "../resources/evaluations/evaluation-store.ts";
import { RunEvaluationPayloadSchema } from "../resources/evaluations/run-evaluation-job.ts";

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
    sandbox?: SandboxOptions;
  };
  /** How often a running chunk looks for a cancel or a deadline (default 250 ms). */
  watchIntervalMs?: number;
}

/** Runs one chunk of an evaluation (engine/runners/evaluation/run-evaluation-chunk.ts). */
export function createRunEvaluationJob(deps: RunEvaluationDeps): JobHandler {
  const store = createEvaluationStore({
    ...deps,
    defaultJudgeModel: deps.config.defaultJudgeModel,
  });
  // Created once per worker: every chunk of a run on this worker shares one fail-fast.
  const failFasts = createFailFastRegistry();
  // Opened by the first run that needs it, once per worker; a refusal is remembered.
  let sandbox: Promise<Sandbox> | undefined;
  const openWorkerSandbox = () => {
    sandbox ??= openSandbox(deps.config.sandbox);
    return sandbox;
  };

  return async (job) => {
    const payload = RunEvaluationPayloadSchema.parse(job.data);
    const end = await runEvaluationChunk(
      {
        store,
        gateway: deps.gateway,
        clock: deps.clock,
        failFasts,
        maxDurationSeconds: deps.config.evaluations.maxDurationSeconds,
        watchIntervalMs: deps.watchIntervalMs ?? 250,
        sandbox: openWorkerSandbox,
        onWatchError: (err) =>
          deps.logger.warn({ err, evaluation: payload.evaluation_id }, "status check failed"),
      },
      {
        evaluationId: payload.evaluation_id,
        organizationId: payload.organization_id,
        projectId: payload.project_id,
        from: payload.from,
        to: payload.to,
      },
      job.signal,
    );
    // Stopped by the queue (shutdown, lost lease): hand the chunk back to be run again.
    if (end === "interrupted") throw job.signal.reason ?? new Error("stopped");
  };
}
