import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Config } from "../config.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import type { BlobStore } from "../platform/blobs/blob-store.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandlers, JobQueue } from "../platform/queue/job-queue.ts";
import { createIdempotencyService } from "../resources/idempotency/service.ts";
import { createUploadService } from "../resources/uploads/service.ts";
import { createGenerateBenchmarkJob } from "./generate-benchmark.ts";
import { createHousekeepingJob } from "./housekeeping.ts";
import {
  GENERATE_BENCHMARK_JOB,
  HOUSEKEEPING_JOB,
  type JobName,
  RUN_EVALUATION_JOB,
  RUN_JUDGE_OPTIMIZATION_JOB,
  RUN_TRACE_EVALUATION_JOB,
  SWEEP_RUNS_JOB,
} from "./job-names.ts";
import { createRunEvaluationJob } from "./run-evaluation.ts";
import { createRunJudgeOptimizationJob } from "./run-judge-optimization.ts";
import { createRunTraceEvaluationJob } from "./run-trace-evaluation.ts";
import { createSweepRunsJob } from "./sweep-runs.ts";

export { JOB_NAMES } from "./job-names.ts";
/** What ends each job's work when it runs out of attempts (the queue's exhausted handlers). */
export { createExhaustedHandlers } from "./run-enders.ts";

/**
 * Recurring jobs and their period in minutes. The sweep's minute bounds how long a run whose jobs
 * are gone stays `in-progress` (the exhausted handlers end most such runs at once).
 */
export const JOB_SCHEDULES: Record<string, number> = {
  [HOUSEKEEPING_JOB]: 10,
  [SWEEP_RUNS_JOB]: 1,
};

export interface JobDeps {
  db: Database;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  secrets: SecretBox;
  /** The sweep asks it which runs still have jobs. */
  queue: JobQueue;
  /** Model calls of every job of this process go through this one gateway. */
  gateway: Gateway;
  config: Pick<
    Config,
    | "uploadUrlTtlSeconds"
    | "evaluations"
    | "defaultJudgeModel"
    | "generatorModel"
    | "optimizerModel"
  >;
}

/**
 * The handlers of every job name: thin wrappers that parse the payload and call the engine with
 * repositories.
 */
export function createJobHandlers(deps: JobDeps): JobHandlers {
  const uploads = createUploadService({ ...deps, urlTtlSeconds: deps.config.uploadUrlTtlSeconds });
  return {
    [HOUSEKEEPING_JOB]: createHousekeepingJob({
      ...deps,
      uploads,
      idempotency: createIdempotencyService(deps),
    }),
    [SWEEP_RUNS_JOB]: createSweepRunsJob(deps),
    [RUN_EVALUATION_JOB]: createRunEvaluationJob(deps),
    [GENERATE_BENCHMARK_JOB]: createGenerateBenchmarkJob(deps),
    [RUN_TRACE_EVALUATION_JOB]: createRunTraceEvaluationJob(deps),
    [RUN_JUDGE_OPTIMIZATION_JOB]: createRunJudgeOptimizationJob(deps),
  } satisfies Record<JobName, JobHandlers[string]>;
}
