import type { TraceFormat } from "@assay/protocol";
import type { Catalog } from "../../catalog/catalog.ts";
import { summarizeTrace } from "../../engine/traces/index.ts";
import type { Database } from "../../platform/db/database.ts";
import { priceTraces } from "./price-traces.ts";
import { createSummaryBackfillRepository } from "./summary-backfill-repository.ts";
import { SUMMARY_VERSION, toSummaryColumns } from "./summary-columns.ts";

/** Traces read per batch: a batch is one transaction, short enough not to hold SQLite's writer long. */
const BATCH = 500;

/**
 * Reads the summary of traces imported before the summary columns existed (or by an older
 * reader), batch after batch up to `maxBatches`, then prices the projects it touched. Run by
 * housekeeping: the first run after an upgrade fills them; later runs find none in one query.
 * Answers how many traces it summarized.
 */
export async function backfillTraceSummaries(
  deps: { db: Database; catalog: Catalog },
  maxBatches = 200,
): Promise<number> {
  const repo = createSummaryBackfillRepository(deps.db);
  const projects = new Map<string, { organizationId: string; projectId: string }>();
  let done = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const rows = await repo.unsummarized(SUMMARY_VERSION, BATCH);
    if (rows.length === 0) break;
    await repo.write(
      rows.map((row) => {
        projects.set(`${row.organization_id}/${row.project_id}`, {
          organizationId: row.organization_id,
          projectId: row.project_id,
        });
        return { id: row.id, columns: toSummaryColumns(summaryOf(row.format, row.data)) };
      }),
    );
    done += rows.length;
    if (rows.length < BATCH) break;
  }
  for (const scope of projects.values()) await priceTraces(deps, scope);
  return done;
}

/** A stored record's summary; a record that no longer parses (it always did) says nothing. */
function summaryOf(format: string, data: string) {
  try {
    const record = JSON.parse(data) as Record<string, unknown>;
    return summarizeTrace(format as TraceFormat, record);
  } catch {
    return summarizeTrace("json", {});
  }
}
