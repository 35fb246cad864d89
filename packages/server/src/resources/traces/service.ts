import type {
  CreateTracesBody,
  ListTracesQuery,
  Trace,
  TraceFormat,
  TraceWithEvaluations,
} from "@assay/protocol";
import { badRequest, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { TraceRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { Importer } from "../imports/importer.ts";
import type { UploadService } from "../uploads/service.ts";
import { priceTraces } from "./price-traces.ts";
import { createTraceRepository } from "./repository.ts";
import { createTraceListRepository } from "./trace-list-repository.ts";

export interface TraceServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  uploads: UploadService;
  /** Parses and stores uploaded files (on import threads in `assay serve`). */
  importer: Importer;
}

/**
 * Traces of a project: imported from an uploaded JSON or JSONL file (one trace per record, in file
 * order; import-trace-file.ts), listed with their latest evaluations, and deleted with them.
 */
export function createTraceService(deps: TraceServiceDeps) {
  const repo = createTraceRepository(deps.db);
  const listing = createTraceListRepository(deps.db);

  return {
    /**
     * Creates one trace per record of the uploaded file, or none (422 listing the bad records).
     * The upload stays where it is, as a custom benchmark's does (housekeeping only removes
     * uploads that never arrived), and is imported once: naming the same upload again answers
     * the traces it made; a new upload of the file makes new ones.
     */
    async create(scope: ProjectScope, body: CreateTracesBody): Promise<string[]> {
      const upload = await deps.uploads.findUploaded(scope, "trace", body.filename);
      if (!upload)
        throw badRequest(
          "body.filename",
          `no uploaded file named ${body.filename}; upload it first (POST …/traces/upload)`,
        );
      const ids = await deps.importer.traces({
        organizationId: scope.organizationId,
        projectId: scope.projectId,
        filename: upload.filename,
        uploadId: upload.id,
        objectKey: upload.object_key,
        size: upload.size,
        createdAt: deps.clock.now().toISOString(),
      });
      // Costs need the project's custom models and the catalog, which import threads lack.
      await priceTraces(deps, scope);
      return ids;
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
      const { rows, total } = await listing.page(scope, query, deps.clock.now());
      const summaries = await listing.evaluationSummaries(
        scope,
        rows.map((row) => row.id),
      );
      const ids = rows.map((row) => row.id);
      const labels = await listing.latestLabels(scope, ids);
      const traces = rows.map((row) => {
        const summary = summaries.get(row.id);
        const label = labels.get(row.id);
        return {
          ...toTrace(row),
          evaluations_count: summary?.count ?? 0,
          last_evaluations: summary?.last ?? [],
          ...(label ? { latest_label: label } : {}),
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
    ...traceSummary(row),
  };
}

const SUMMARY_FIELDS = [
  "duration_ms",
  "input_tokens",
  "output_tokens",
  "total_tokens",
  "cost_usd",
  "model",
  "service_name",
  "session_id",
  "user_id",
] as const;

/** The summary columns that hold a value (numbers as numbers: PostgreSQL may send text). */
function traceSummary(row: TraceRow): Partial<Trace> {
  const summary: Record<string, string | number> = {};
  for (const field of SUMMARY_FIELDS) {
    const value = row[field];
    if (value === null || value === undefined) continue;
    summary[field] = typeof value === "string" && !TEXT_FIELDS.has(field) ? Number(value) : value;
  }
  return summary as Partial<Trace>;
}

const TEXT_FIELDS = new Set<string>(["model", "service_name", "session_id", "user_id"]);
