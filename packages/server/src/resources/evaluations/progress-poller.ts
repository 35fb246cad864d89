import type { Logger } from "pino";
import type { Database } from "../../platform/db/database.ts";
import { createSharedPoller, type SharedPollerOptions } from "../../platform/shared-poller.ts";
import type { ProgressPoller } from "./progress-stream.ts";
import { createEvaluationRepository } from "./repository.ts";

/**
 * How often watched evaluations are read. Workers may run in other processes (PostgreSQL), so
 * the counters in the database are the only truth an API process can follow.
 */
export const PROGRESS_POLL_MS = 1_000;

/**
 * One process's reader of evaluation progress, shared by every event stream it serves: one query
 * per watched evaluation per second, however many watch it. `timers` are for tests.
 */
export function createProgressPoller(
  db: Database,
  logger: Logger,
  timers?: SharedPollerOptions<unknown>["timers"],
): ProgressPoller {
  const repo = createEvaluationRepository(db);
  return createSharedPoller({
    read: (id) => repo.progress(id),
    intervalMs: PROGRESS_POLL_MS,
    timers,
    onError: (error, id) =>
      logger.warn({ err: error, evaluation_id: id }, "reading evaluation progress failed"),
  });
}
