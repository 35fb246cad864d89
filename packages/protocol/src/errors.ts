import { z } from "zod";

/**
 * The closed set of machine-readable error codes the service answers with. Each has exactly one
 * HTTP status (ERROR_STATUS below); clients branch on the status, humans and
 * logs on the code.
 */
export const ERROR_CODES = [
  "VALIDATION_ERROR", // 400: the request itself is invalid (schema, types, values, field rules)
  "UNAUTHENTICATED", // 401: missing, unknown or revoked API key
  "PERMISSION_DENIED", // 403: authenticated, but not allowed (also: bad or expired signed URL)
  "NOT_FOUND", // 404: missing, or belongs to another tenant (indistinguishable on purpose)
  "CONFLICT", // 409: duplicate (name or key taken), or the target's state refuses the request
  // (a run not finished, a built-in benchmark whose data is not loaded); retrying alone won't help
  "PRECONDITION_FAILED", // 412: the target already exists and may not be overwritten
  "PAYLOAD_TOO_LARGE", // 413: body over the route's limit
  "UNSUPPORTED_MEDIA_TYPE", // 415: a body in a content type the route does not take
  "UNPROCESSABLE_CONTENT", // 422: a well-formed request names invalid content (bad lines in a file)
  "RATE_LIMITED", // 429: over the per-key budget; Retry-After says when to come back
  "INTERNAL", // 500: a bug; the message is generic, details go to the log only
  "SERVICE_UNAVAILABLE", // 503: a dependency (database, storage) is down; retry later
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The one table from error code to HTTP status (the server answers it; the OpenAPI document lists it). */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** One problem with one field of a request, e.g. `{ field: "body.size", message: "…" }`. */
export const FieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** Every non-2xx JSON answer: `{"error": {"message", "code"}}` (+ `details` for validation). */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      message: z.string(),
      code: ErrorCodeSchema,
      details: z.array(FieldIssueSchema).optional(),
    }),
  })
  .meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
