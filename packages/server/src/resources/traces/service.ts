import type {
  CreateTracesBody,
  FieldIssue,
  ListTracesQuery,
  Trace,
  TraceFormat,
  TraceWithEvaluations,
} from "@assay/protocol";
import { AppError, badRequest, notFound } from "../../app-error.ts";
import { readTraceFile, TraceFileError } from "../../engine/traces/index.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { CopyRows } from "../../platform/db/postgres-copy.ts";
import type { TraceRow, UploadRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../organizations/service.ts";
import type { UploadService } from "../uploads/service.ts";
import { copyTraces } from "./copy-traces.ts";
import { evaluationSummaries } from "./evaluation-summaries.ts";
import { insertTraces, type TraceFileRow, type TraceFileSource } from "./insert-traces.ts";
import { listTraceRows } from "./list-traces.ts";
import { createTraceRepository } from "./repository.ts";
import { createTraceIds } from "./trace-ids.ts";

export interface TraceServiceDeps {
  db: Database;
  /** PostgreSQL only: the import streams through COPY. */
  copyRows?: CopyRows;
  blobs: BlobStore;
  clock: Clock;
  uploads: UploadService;
}

/**
 * Traces of a project: parsed from an uploaded JSON or JSONL file (one trace per record, in file
 * order), listed with their latest evaluations, and deleted with them.
 */
export function createTraceService(deps: TraceServiceDeps) {
  const repo = createTraceRepository(deps.db);

  /**
   * Streams the file into the database as one atomic write (COPY on PostgreSQL, INSERTs in one
   * transaction on SQLite): rows are stored while the rest of the file is still being read, and
   * a bad record anywhere (the reader throws at the end) stores nothing. One pass over the file;
   * a few batches of rows held at a time.
   */
  async function importFile(scope: ProjectScope, upload: UploadRow): Promise<string[]> {
    const ids: string[] = [];
    const now = deps.clock.now();
    const source: TraceFileSource = {
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      filename: upload.filename,
      created_at: now.toISOString(),
    };
    const nextId = createTraceIds(now);
    async function* rows(): AsyncGenerator<TraceFileRow[]> {
      for await (const traces of readTraceFile(() => deps.blobs.read(upload.object_key)))
        yield traces.map((trace): TraceFileRow => {
          const id = nextId();
          ids.push(id);
          const input = trace.input === "" ? null : trace.input;
          return { id, position: trace.position, format: trace.format, input, data: trace.data };
        });
    }
    if (deps.copyRows) await copyTraces(deps.copyRows, source, rows());
    else await insertTraces(deps.db, source, rows());
    return ids;
  }

  return {
    /**
     * Creates one trace per record of the uploaded file, or none (422 listing the bad records).
     * The upload stays where it is, as a custom benchmark's does (housekeeping only removes
     * uploads that never arrived): naming the same file again creates its traces again.
     */
    async create(scope: ProjectScope, body: CreateTracesBody): Promise<string[]> {
      const upload = await deps.uploads.findUploaded(scope, "trace", body.filename);
      if (!upload)
        throw badRequest(
          "body.filename",
          `no uploaded file named ${body.filename}; upload it first (POST …/traces/upload)`,
        );
      try {
        return await importFile(scope, upload);
      } catch (error) {
        if (error instanceof TraceFileError) throw unprocessable(upload.filename, error);
        throw error;
      }
    },

    async get(scope: ProjectScope, id: string): Promise<Trace> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound("trace");
      return toTrace(row);
    },

    async list(
      scope: ProjectScope,
      query: ListTracesQuery,
    ): Promise<{ traces: TraceWithEvaluations[]; total: number }> {
      const { rows, total } = await listTraceRows(deps.db, scope, query, deps.clock.now());
      const summaries = await evaluationSummaries(
        deps.db,
        scope,
        rows.map((row) => row.id),
      );
      const traces = rows.map((row) => {
        const summary = summaries.get(row.id);
        return {
          ...toTrace(row),
          evaluations_count: summary?.count ?? 0,
          last_evaluations: summary?.last ?? [],
        };
      });
      return { traces, total };
    },

    sources: (scope: ProjectScope): Promise<string[]> => repo.sources(scope),

    async delete(scope: ProjectScope, id: string): Promise<void> {
      if (!(await repo.delete(scope, id))) throw notFound("trace");
    },
  };
}

export type TraceService = ReturnType<typeof createTraceService>;

function toTrace(row: TraceRow): Trace {
  return {
    id: row.id,
    organization_id: row.organization_id,
    project_id: row.project_id,
    created_at: row.created_at,
    filename: row.filename,
    data: JSON.parse(row.data) as Record<string, unknown>,
    ...(row.input === null ? {} : { input: row.input }),
    ...(row.integration_id === null ? {} : { integration_id: row.integration_id }),
    format: row.format as TraceFormat,
    position: row.position,
  };
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
