import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { BlobStore } from "../platform/blobs/blob-store.ts";
import type { Clock } from "../platform/clock.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import type { IdempotencyService } from "../resources/idempotency/service.ts";
import { createOutboxRepository } from "../resources/integrations/outbox-repository.ts";
import { backfillTraceSummaries } from "../resources/traces/backfill-trace-summaries.ts";
import type { UploadService } from "../resources/uploads/service.ts";

/** How long after its URL expired an upload that never arrived is kept (a PUT may still be finishing). */
export const UPLOAD_GRACE_MS = 3600_000;

/** How long the integrations' delivery log (and their delivered events) is kept. */
export const DELIVERY_LOG_RETENTION_MS = 30 * 24 * 3600_000;

/**
 * Periodic cleanup: forgets upload URLs that expired without a file ever arriving, removes
 * partial files a crashed upload left in the local blob folder, and forgets the answers kept for
 * Idempotency-Keys after a day, and the integrations' delivery log after 30 days. It also reads the summary (latency, tokens, model…) of traces
 * imported before it was read at import.
 */
export function createHousekeepingJob(deps: {
  uploads: UploadService;
  idempotency: IdempotencyService;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  /** For the traces' summaries and costs; without, traces are left as they are. */
  db?: Database;
  catalog?: Catalog;
  graceMs?: number;
}): JobHandler {
  const graceMs = deps.graceMs ?? UPLOAD_GRACE_MS;
  return async () => {
    const uploads = await deps.uploads.removeUnusedExpired(graceMs);
    const partialFiles = await deps.blobs.removeAbandoned(
      new Date(deps.clock.now().getTime() - graceMs),
    );
    const idempotencyKeys = await deps.idempotency.removeExpired();
    if (deps.db) {
      const cutoff = new Date(deps.clock.now().getTime() - DELIVERY_LOG_RETENTION_MS);
      const deliveries = await createOutboxRepository(deps.db).removeEndedBefore(
        cutoff.toISOString(),
      );
      if (deliveries > 0)
        deps.logger.info(
          { deliveries },
          "housekeeping forgot integration deliveries of a month ago",
        );
    }
    if (deps.db && deps.catalog) {
      const traces = await backfillTraceSummaries({ db: deps.db, catalog: deps.catalog });
      if (traces > 0) deps.logger.info({ traces }, "housekeeping summarized older traces");
    }
    if (uploads > 0 || partialFiles > 0 || idempotencyKeys > 0)
      deps.logger.info(
        { uploads, partialFiles, idempotencyKeys },
        "housekeeping removed expired uploads and idempotency keys",
      );
  };
}
