import { z } from "zod";
import { TimestampSchema } from "./common.ts";
import { statusData } from "./envelopes.ts";
import { baseContentType, MAX_UPLOAD_BYTES } from "./files.ts";

/**
 * A file name as clients send it: the basename of the uploaded file, later used to refer to the
 * upload (protocol §5.8). Path separators and dot-segments are refused so a name can never
 * address anything but itself.
 */
export const UploadFilenameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => !/[/\\]/.test(v), "must be a file name without '/' or '\\'")
  .refine((v) => v !== "." && v !== "..", "must not be '.' or '..'")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "must not contain control characters")
  // The same rules for the document: no separator or control character, not only dots.
  .meta({ pattern: "^(?!\\.\\.?$)[^/\\\\\\u0000-\\u001f\\u007f]+$" });

/** A MIME type such as `application/jsonl` (parameters like `; charset=utf-8` allowed). */
export const ContentTypeSchema = z
  .string()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\s*;.*)?$/, {
    message: "must be a MIME type such as application/jsonl",
    abort: true,
  });

/**
 * A MIME type of the list, in any case and with parameters. The document states the list as a
 * pattern (lower case, as clients send them), so generated requests pick one of them.
 */
function acceptedContentType(types: readonly string[]) {
  const names = types.map((t) => t.replace(/[.+]/g, (c) => `\\${c}`)).join("|");
  return ContentTypeSchema.refine(
    (value) => types.includes(baseContentType(value)),
    `must be one of ${types.join(", ")}`,
  ).meta({ pattern: `^(${names})(;.*)?$` });
}

/** Content types accepted for trace files (protocol §9.1: `.jsonl` and `.json`). */
export const TRACE_CONTENT_TYPES = [
  "application/jsonl",
  "application/x-jsonl",
  "application/x-ndjson",
  "application/jsonlines",
  "application/x-jsonlines",
  "application/json",
  "text/jsonl",
] as const;

/**
 * Content types accepted for benchmark files: datasets (JSONL, JSON, CSV, Parquet) and the
 * documents a smart benchmark is generated from. The content itself is checked when the file is
 * used, since only then is it known which of these it is meant to be.
 */
export const BENCHMARK_CONTENT_TYPES = [
  ...TRACE_CONTENT_TYPES,
  "text/csv",
  "application/x-parquet",
  "application/vnd.apache.parquet",
  "text/plain",
  "text/markdown",
  "text/x-markdown",
  "text/html",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/octet-stream",
] as const;

export const UploadSizeSchema = z
  .number()
  .int()
  .min(1, "must be at least 1 byte")
  .max(MAX_UPLOAD_BYTES, `must be at most ${MAX_UPLOAD_BYTES} bytes (50 MiB)`);

/** `POST …/upload`: benchmark files (custom datasets, smart-benchmark documents). */
export const CreateBenchmarkUploadBodySchema = z.strictObject({
  key: z.string().min(1).max(256).optional(),
  filename: UploadFilenameSchema,
  type: acceptedContentType(BENCHMARK_CONTENT_TYPES),
  size: UploadSizeSchema,
});
export type CreateBenchmarkUploadBody = z.infer<typeof CreateBenchmarkUploadBodySchema>;

/** `POST …/traces/upload`: trace files, JSON or JSONL. */
export const CreateTraceUploadBodySchema = z.strictObject({
  filename: UploadFilenameSchema,
  type: acceptedContentType(TRACE_CONTENT_TYPES),
  size: UploadSizeSchema,
});
export type CreateTraceUploadBody = z.infer<typeof CreateTraceUploadBodySchema>;

/**
 * Where to PUT the file. `url` is absolute and carries its own authorization; the PUT must send
 * `Content-Type` equal to the announced type and at most the announced size. The other fields are
 * Assay extensions that existing clients ignore.
 */
export const UploadUrlSchema = z
  .object({
    url: z.url(),
    upload_id: z.string(),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()),
    expires_at: TimestampSchema,
  })
  .meta({ id: "UploadUrl" });
export type UploadUrl = z.infer<typeof UploadUrlSchema>;

export const CreateUploadResponseSchema = statusData(UploadUrlSchema);
export type CreateUploadResponse = z.infer<typeof CreateUploadResponseSchema>;
