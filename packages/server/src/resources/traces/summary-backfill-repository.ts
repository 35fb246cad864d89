import type { Database } from "../../platform/db/database.ts";
import type { TraceSummaryColumns } from "./trace-insert-repository.ts";

/** A trace whose summary columns an older reader (or none) filled. */
export interface UnsummarizedTrace {
  id: string;
  organization_id: string;
  project_id: string;
  format: string;
  data: string;
}

/** Traces imported before their summary was read at import (migration 0021), and their refill. */
export function createSummaryBackfillRepository(db: Database) {
  return {
    /** Up to `limit` traces summarized by a reader older than `version`, or by none. */
    unsummarized: (version: number, limit: number): Promise<UnsummarizedTrace[]> =>
      db
        .selectFrom("traces")
        .select(["id", "organization_id", "project_id", "format", "data"])
        .where((eb) =>
          eb.or([eb("summary_version", "is", null), eb("summary_version", "<", version)]),
        )
        .orderBy("id")
        .limit(limit)
        .execute(),

    /** Writes each trace's summary; its cost is left to be priced again. */
    async write(rows: readonly { id: string; columns: TraceSummaryColumns }[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const { id, columns } of rows)
          await trx
            .updateTable("traces")
            .set({ ...columns, cost_usd: null })
            .where("id", "=", id)
            .execute();
      });
    },
  };
}
