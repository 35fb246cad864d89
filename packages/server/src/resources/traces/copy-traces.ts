import type { CopyRows, CopyValue } from "../../platform/db/postgres-copy.ts";
import {
  SUMMARY_KEYS,
  type TraceFileRow,
  type TraceFileSource,
} from "./trace-insert-repository.ts";

const COLUMNS = [
  "id",
  "organization_id",
  "project_id",
  "filename",
  "upload_id",
  "position",
  "format",
  "input",
  "data",
  "created_at",
  ...SUMMARY_KEYS,
] as const;

/**
 * Stores the traces of one import on PostgreSQL with one COPY, streamed while the file is still
 * being read: a source that throws (the reader reports bad records at the end) aborts the COPY
 * and nothing is stored. PostgreSQL inserts in its own process while this one parses.
 */
export async function copyTraces(
  copyRows: CopyRows,
  source: TraceFileSource,
  batches: AsyncIterable<readonly TraceFileRow[]>,
): Promise<void> {
  await copyRows("traces", COLUMNS, toValues(source, batches));
}

async function* toValues(
  source: TraceFileSource,
  batches: AsyncIterable<readonly TraceFileRow[]>,
): AsyncGenerator<CopyValue[][]> {
  const { organization_id, project_id, filename, upload_id, created_at } = source;
  for await (const rows of batches)
    yield rows.map((row) => [
      row.id,
      organization_id,
      project_id,
      filename,
      upload_id,
      row.position,
      row.format,
      row.input,
      row.data,
      created_at,
      ...SUMMARY_KEYS.map((key) => row[key]),
    ]);
}
