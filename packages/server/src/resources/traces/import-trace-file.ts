import type { FieldIssue } from "@assay/protocol";
import { AppError } from "../../app-error.ts";
import { readTraceFile, TraceFileError } from "../../engine/traces/index.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import type { ImportStore } from "../imports/import-store.ts";
import { copyTraces } from "./copy-traces.ts";
import { toSummaryColumns } from "./summary-columns.ts";
import { createTraceIds } from "./trace-ids.ts";
import {
  insertTraces,
  type TraceFileRow,
  type TraceFileSource,
  tracesOfUpload,
} from "./trace-insert-repository.ts";

/** One uploaded trace file to import: plain data, so it can be handed to an import thread. */
export interface TraceImport {
  organizationId: string;
  projectId: string;
  filename: string;
  /** The upload imported: imported once, whatever the number of calls. */
  uploadId: string;
  objectKey: string;
  /** The size the upload announced, which its PUT may not exceed: small files import inline. */
  size: number;
  /** When the import was asked for (the request's clock): the traces' created_at and ids. */
  createdAt: string;
}

/**
 * Creates one trace per record of the file, in file order, and answers their ids; or creates none
 * and throws a 422 listing the bad records.
 *
 * Streams the file into the database as one atomic write (COPY on PostgreSQL, INSERTs in one
 * transaction on SQLite): rows are stored while the rest of the file is still being read, and a
 * bad record anywhere (the reader throws at the end) stores nothing. One pass over the file; a few
 * batches of rows held at a time.
 *
 * An upload is imported once: a second import of it (a client that retried a create whose answer
 * it lost) answers the first one's traces. Each trace keeps its upload, unique with its position,
 * so of two imports at once the second fails whole on that index and answers the first's.
 */
export async function importTraceFile(store: ImportStore, job: TraceImport): Promise<string[]> {
  const earlier = await tracesOfUpload(store.db, job.uploadId);
  if (earlier.length > 0) return earlier;
  const ids: string[] = [];
  const source: TraceFileSource = {
    organization_id: job.organizationId,
    project_id: job.projectId,
    filename: job.filename,
    upload_id: job.uploadId,
    created_at: job.createdAt,
  };
  const nextId = createTraceIds(new Date(job.createdAt));
  async function* rows(): AsyncGenerator<TraceFileRow[]> {
    for await (const traces of readTraceFile(() => store.blobs.read(job.objectKey)))
      yield traces.map((trace): TraceFileRow => {
        const id = nextId();
        ids.push(id);
        const input = trace.input === "" ? null : trace.input;
        return {
          id,
          position: trace.position,
          format: trace.format,
          input,
          data: trace.data,
          ...toSummaryColumns(trace.summary),
        };
      });
  }
  try {
    if (store.copyRows) await copyTraces(store.copyRows, source, rows());
    else await insertTraces(store.db, source, rows());
  } catch (error) {
    if (error instanceof TraceFileError) throw unprocessable(job.filename, error);
    if (isUniqueViolation(error)) {
      const first = await tracesOfUpload(store.db, job.uploadId);
      if (first.length > 0) return first;
    }
    throw error;
  }
  return ids;
}

/** 422 naming each listed problem: `line 7` (or `item 7`, `file`) and the reason. */
function unprocessable(filename: string, error: TraceFileError): AppError {
  const details: FieldIssue[] = error.problems.map((p) => ({
    field: p.line === 0 ? "file" : `${error.unit} ${p.line}`,
    message: p.reason,
  }));
  return new AppError(
    "UNPROCESSABLE_CONTENT",
    `${filename} was refused, no trace was created: ${error.message}`,
    { details },
  );
}
