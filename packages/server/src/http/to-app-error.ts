import { AppError } from "../app-error.ts";
import { isForeignKeyViolation } from "../platform/db/foreign-key-violation.ts";
import { outOfSpaceError } from "../platform/out-of-space.ts";

/** How long clients should wait when a dependency is down. */
const UNAVAILABLE_RETRY_SECONDS = 5;

// PostgreSQL SQLSTATEs and socket errors meaning "the database is not reachable right now".
const PG_UNAVAILABLE = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08006",
]);
const SOCKET_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
]);

/**
 * Classifies anything thrown while handling a request: our own AppErrors pass through; the web
 * framework's client errors (bad JSON, body too large, unsupported media type), an unreachable
 * or busy database, a full disk and a write that lost a race with a delete become the matching code;
 * everything else is INTERNAL (a bug).
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as { code?: unknown; statusCode?: unknown; message?: unknown; errcode?: unknown };
  const code = typeof e.code === "string" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : "";

  const full = outOfSpaceError(error);
  if (full) return full;
  switch (code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", "request body is too large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", "send the body as application/json");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("VALIDATION_ERROR", "body: must be a JSON value, got an empty body");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("VALIDATION_ERROR", "Content-Length does not match the body");
    case "FST_ERR_BAD_URL":
      return new AppError("VALIDATION_ERROR", "the path is not a valid URL (a bad percent-escape)");
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new AppError("VALIDATION_ERROR", "a path parameter is too long");
  }
  if (code && (PG_UNAVAILABLE.has(code) || SOCKET_UNAVAILABLE.has(code))) {
    return unavailable(error);
  }
  // node:sqlite: SQLITE_BUSY (5) / SQLITE_LOCKED (6), or one of their extended codes (which keep
  // it in the low byte), after the wait for the write lock ran out.
  const sqliteCode = typeof e.errcode === "number" ? e.errcode & 0xff : undefined;
  if (sqliteCode === 5 || sqliteCode === 6 || /database is locked/.test(message)) {
    return unavailable(error);
  }
  // A row the request named was deleted between the service's check and its write (a judge, a
  // trace, a scorer): the transaction rolled back, so retrying is safe and answers the truth.
  if (isForeignKeyViolation(error)) {
    return new AppError(
      "CONFLICT",
      "something this request names was deleted while it ran; nothing was written",
      { cause: error },
    );
  }
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    // Fastify's own client errors (malformed JSON, prototype poisoning): safe to show.
    return new AppError(
      e.statusCode === 413 ? "PAYLOAD_TOO_LARGE" : "VALIDATION_ERROR",
      message || "bad request",
    );
  }
  return new AppError("INTERNAL", "internal error", { cause: error });
}

function unavailable(cause: unknown): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "a storage dependency is unavailable, retry shortly", {
    retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
    cause,
  });
}
