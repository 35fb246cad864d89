import { MAX_UPLOAD_BYTES, routes } from "@assay/protocol";
import type { APIClient } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { type UploadData, uploadSize } from "../core/upload.ts";
import { ServiceError } from "../errors.ts";
import { baseName, openLocalFile } from "./local-file.ts";

/** A file given by its contents rather than a path. */
export interface BenchmarkFile extends FileNames {
  data: UploadData;
}

/** A file ready to announce (`POST …/upload`) and PUT. */
export interface ResolvedFile {
  data: UploadData;
  filename: string;
  contentType: string;
  size: number;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jsonl: "application/jsonl",
  json: "application/json",
  csv: "text/csv",
  parquet: "application/x-parquet",
  txt: "text/plain",
  md: "text/markdown",
  pdf: "application/pdf",
};

/** The content type announced for a file: by extension, else `application/octet-stream`. */
export function contentTypeFor(filename: string): string {
  const dot = filename.lastIndexOf(".");
  const extension = dot === -1 ? "" : filename.slice(dot + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

/** How a file is announced: by default its path's base name (or a `File`'s name) and extension. */
export interface FileNames {
  /** The name the file is uploaded and referred to by; required for contents other than a `File`. */
  filename?: string | undefined;
  /** Default: from the file name's extension (`.jsonl` → `application/jsonl`, …). */
  contentType?: string | undefined;
}

/**
 * Opens a path (Node.js) or takes given contents, names it and checks the upload limit, so a file
 * that is too large is refused before any request is made.
 */
export async function resolveBenchmarkFile(
  source: string | UploadData,
  names: FileNames = {},
): Promise<ResolvedFile> {
  const data = typeof source === "string" ? await openLocalFile(source) : source;
  const filename =
    names.filename ?? (typeof source === "string" ? baseName(source) : fileName(source));
  if (filename === undefined || filename === "") {
    throw new ServiceError("A file given by its contents needs a filename.");
  }
  const size = uploadSize(data);
  if (size > MAX_UPLOAD_BYTES) {
    throw new ServiceError(
      `${filename} is ${size} bytes; benchmark files are limited to ${MAX_UPLOAD_BYTES} bytes (50 MiB).`,
    );
  }
  return { data, filename, contentType: names.contentType ?? contentTypeFor(filename), size };
}

/**
 * Announces a file under the benchmark's name and PUTs it to the presigned URL it gets back;
 * the create call then refers to it by file name (protocol §5.6, §5.8).
 */
export async function uploadBenchmarkFile(
  client: APIClient,
  key: string,
  file: ResolvedFile,
  options: RequestOptions = {},
): Promise<void> {
  const { data: target } = await client.request(
    routes.createBenchmarkUpload,
    { body: { key, filename: file.filename, type: file.contentType, size: file.size } },
    options,
  );
  const { timeout, maxRetries, signal } = options;
  await client.upload(target, file.data, { timeout, maxRetries, signal });
}

function fileName(data: UploadData): string | undefined {
  return "name" in data && typeof data.name === "string" ? data.name : undefined;
}
