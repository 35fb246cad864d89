import type { Logger } from "pino";
import type { BlobStore } from "../platform/blobs/blob-store.ts";
import type { Clock } from "../platform/clock.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandlers } from "../platform/queue/job-queue.ts";
import { createUploadService } from "../resources/uploads/service.ts";
import { createHousekeepingJob } from "./housekeeping.ts";
import { HOUSEKEEPING_JOB, type JobName } from "./job-names.ts";

export { JOB_NAMES } from "./job-names.ts";

/** Recurring jobs and their period in minutes. */
export const JOB_SCHEDULES: Record<string, number> = { [HOUSEKEEPING_JOB]: 10 };

export interface JobDeps {
  db: Database;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  uploadUrlTtlSeconds: number;
}

/**
 * The handlers of the job names this version works: thin wrappers that parse the payload and
 * call services. Smart-benchmark generation needs the model gateway; until a version has its
 * handler, those jobs wait in the queue (no worker takes a job it has no handler for).
 */
export function createJobHandlers(deps: JobDeps): JobHandlers {
  const uploads = createUploadService({ ...deps, urlTtlSeconds: deps.uploadUrlTtlSeconds });
  return {
    [HOUSEKEEPING_JOB]: createHousekeepingJob({ ...deps, uploads }),
  } satisfies Partial<Record<JobName, JobHandlers[string]>>;
}
