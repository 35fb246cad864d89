import type { Logger } from "pino";
import type { BlobStore } from "../platform/blobs/blob-store.ts";
import type { Clock } from "../platform/clock.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandlers } from "../platform/queue/job-queue.ts";
import { createUploadService } from "../resources/uploads/service.ts";
import { createHousekeepingJob } from "./housekeeping.ts";

/** Every job name: pg-boss needs its queues to exist before anything is sent or worked. */
export const JOB_NAMES = ["housekeeping"] as const;

/** Recurring jobs and their period in minutes. */
export const JOB_SCHEDULES: Record<string, number> = { housekeeping: 10 };

export interface JobDeps {
  db: Database;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  uploadUrlTtlSeconds: number;
}

/** The handler of every job name: thin wrappers that parse the payload and call services. */
export function createJobHandlers(deps: JobDeps): JobHandlers {
  const uploads = createUploadService({ ...deps, urlTtlSeconds: deps.uploadUrlTtlSeconds });
  return {
    housekeeping: createHousekeepingJob({ ...deps, uploads }),
  } satisfies Record<(typeof JOB_NAMES)[number], JobHandlers[string]>;
}
