import type { ErrorCode, FieldIssue } from "@assay/protocol";

/**
 * The one error type code throws on purpose. The HTTP layer turns its `code` into a status
 * (ERROR_STATUS in @assay/protocol) and answers `{"error": {"message", "code"}}`; anything else that escapes
 * is a bug and answers a generic 500.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly details?: FieldIssue[];
  /** Seconds; sent as a numeric `Retry-After` (original clients crash on HTTP dates). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: FieldIssue[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function notFound(what: string): AppError {
  return new AppError("NOT_FOUND", `${what} not found`);
}

export function badRequest(field: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", `${field}: ${message}`, {
    details: [{ field, message }],
  });
}
