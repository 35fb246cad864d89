import {
  MAX_UPLOAD_BYTES,
  routes,
  type TRACE_SORT_KEYS,
  type Trace,
  type TraceWithEvaluations,
} from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { type UploadData, uploadSize } from "../core/upload.ts";
import { ServiceError } from "../errors.ts";
import type { FileNames } from "./benchmark-files.ts";
import { baseName, openLocalFile } from "./local-file.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { type SortOrder, textParam } from "./query.ts";
import { type IdRef, idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** A trace file given by its contents, with the name to upload it as. */
export interface TraceFile extends FileNames {
  data: UploadData;
}

/** What `traces.upload()` takes: a path (Node.js only), a `File`, or contents with a name. */
export type TraceFileInput = string | UploadData | TraceFile;

/** Filters, order and paging of `traces.getMany()` (protocol §9.3). */
export interface TraceListParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
  /** Only traces from this file (a name `getSources()` lists). */
  source?: string | undefined;
  /** Only traces evaluated by this judge. */
  judgeId?: string | undefined;
  /**
   * Only traces whose latest evaluation (by `judgeId` when given) passed, or failed; `error`:
   * whose latest evaluation errored (the judge gave no verdict).
   */
  status?: "pass" | "fail" | "error" | undefined;
  /** Only traces of this model, service, session or user (exact; as the trace names them). */
  model?: string | undefined;
  serviceName?: string | undefined;
  sessionId?: string | undefined;
  userId?: string | undefined;
  /** Only traces that took at least this many milliseconds. */
  minDurationMs?: number | undefined;
  /** Only traces created within this long before now: `24h`, `7d`, `2w`. */
  timeRange?: string | undefined;
  /** Free text, matched against the input and the file name. */
  search?: string | undefined;
  /** Default: newest first. */
  sortBy?: (typeof TRACE_SORT_KEYS)[number] | undefined;
  sortOrder?: SortOrder | undefined;
}

export interface TracePage {
  traces: TraceWithEvaluations[];
  /** Traces on this page. */
  count: number;
  /** Matching traces on all pages. */
  totalCount: number;
  pagination: Pagination;
}

export type UploadTracesResult = RouteOutput<typeof routes.createTraces>["data"];
export type DeleteTraceResult = RouteOutput<typeof routes.deleteTrace>["data"];

/** `client.traces`: records of the team's own AI application, uploaded as JSON or JSONL. */
export class Traces extends APIResource {
  /**
   * Uploads a trace file and creates one trace per record, in file order: `POST …/traces/upload`,
   * the PUT to the presigned URL, then `POST …/traces` (protocol §9.1). A path is streamed, never
   * read into memory; a file over 50 MiB is refused before any request. A file with a bad record
   * is refused whole by the server (`UnprocessableEntityError`) and creates nothing.
   */
  async upload(file: TraceFileInput, options: RequestOptions = {}): Promise<UploadTracesResult> {
    const resolved = await resolveTraceFile(file);
    const { data: target } = await this.client.request(
      routes.createTraceUpload,
      { body: { filename: resolved.filename, type: resolved.contentType, size: resolved.size } },
      options,
    );
    const { timeout, maxRetries, signal } = options;
    await this.client.upload(target, resolved.data, { timeout, maxRetries, signal });
    const { data } = await this.client.request(
      routes.createTraces,
      { body: { filename: resolved.filename } },
      options,
    );
    return data;
  }

  /** One trace with its whole record (`data`); an unknown id raises `NotFoundError`. */
  async get(trace: IdRef, options?: RequestOptions): Promise<Trace> {
    const { data } = await this.client.request(
      routes.getTrace,
      { params: { trace_id: idOf(trace, "trace", "Trace") } },
      options,
    );
    return data;
  }

  /** One page of the project's traces, each with its latest verdicts. */
  async getMany(params: TraceListParams = {}, options?: RequestOptions): Promise<TracePage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize);
    const { data } = await this.client.request(
      routes.listTraces,
      {
        query: {
          page,
          page_size: pageSize,
          source: textParam(params.source),
          judge_id: textParam(params.judgeId),
          status: params.status,
          time_range: textParam(params.timeRange),
          search: textParam(params.search),
          model: textParam(params.model),
          service_name: textParam(params.serviceName),
          session_id: textParam(params.sessionId),
          user_id: textParam(params.userId),
          min_duration_ms: params.minDurationMs,
          sort_by: params.sortBy,
          sort_order: params.sortOrder,
        },
      },
      options,
    );
    return {
      traces: data.traces,
      count: data.count,
      totalCount: data.total_count,
      pagination: pagination(page, pageSize, data.total_count),
    };
  }

  /** The names of the files the project's traces came from (the values `source` filters on). */
  async getSources(options?: RequestOptions): Promise<string[]> {
    const { data } = await this.client.request(routes.listTraceSources, {}, options);
    return data.sources;
  }

  /** Deletes the trace and its evaluations; answers `{ organization_id, project_id, id }`. */
  async delete(trace: IdRef, options?: RequestOptions): Promise<DeleteTraceResult> {
    const { data } = await this.client.request(
      routes.deleteTrace,
      { params: { trace_id: idOf(trace, "trace", "Trace") } },
      options,
    );
    return data;
  }
}

/** A trace file ready to announce and PUT. */
interface ResolvedTraceFile {
  data: UploadData;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * The content type a trace file is announced with (protocol §9.1): JSONL for `.jsonl` and
 * `.ndjson`, else JSON, whose parser the server also uses for one object or an array of them.
 */
export function traceContentType(filename: string): string {
  return /\.(jsonl|ndjson)$/i.test(filename) ? "application/jsonl" : "application/json";
}

async function resolveTraceFile(input: TraceFileInput): Promise<ResolvedTraceFile> {
  const { data, names } = await contentsOf(input);
  const filename = names.filename ?? (typeof input === "string" ? baseName(input) : fileName(data));
  if (filename === undefined || filename === "") {
    throw new ServiceError("A trace file given by its contents needs a filename.");
  }
  const size = uploadSize(data);
  if (size > MAX_UPLOAD_BYTES) {
    throw new ServiceError(
      `${filename} is ${size} bytes; trace files are limited to ${MAX_UPLOAD_BYTES} bytes (50 MiB).`,
    );
  }
  return { data, filename, contentType: names.contentType ?? traceContentType(filename), size };
}

async function contentsOf(input: TraceFileInput): Promise<{ data: UploadData; names: FileNames }> {
  if (typeof input === "string") return { data: await openLocalFile(input), names: {} };
  if (isTraceFile(input)) return { data: input.data, names: input };
  return { data: input, names: {} };
}

function isTraceFile(input: UploadData | TraceFile): input is TraceFile {
  return !(input instanceof Blob || input instanceof Uint8Array || input instanceof ArrayBuffer);
}

function fileName(data: UploadData): string | undefined {
  return "name" in data && typeof data.name === "string" ? data.name : undefined;
}
