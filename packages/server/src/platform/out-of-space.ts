import { AppError } from "../app-error.ts";

/** How long clients should wait on a full disk: freeing space takes an operator, not a moment. */
const FULL_RETRY_SECONDS = 60;

/** PostgreSQL's disk_full; node:sqlite's SQLITE_FULL (in the low byte of extended codes). */
const PG_DISK_FULL = "53100";
const SQLITE_FULL = 13;
/** The file system's: no space left, or over the quota. */
const FILES_FULL = new Set(["ENOSPC", "EDQUOT"]);

/**
 * The answer to a write that failed for want of space — the database's (SQLITE_FULL, PostgreSQL's
 * disk_full) or the file storage's (ENOSPC, EDQUOT) — or undefined for any other error: 503 with a
 * Retry-After, naming the storage and the error's code (never a path), the error as its cause for
 * the log. The write failed whole (its transaction rolled back, a partial file removed), so the
 * request may be sent again once an operator has freed space.
 */
export function outOfSpaceError(error: unknown): AppError | undefined {
  const e = (error ?? {}) as { code?: unknown; errcode?: unknown };
  const code = typeof e.code === "string" ? e.code : undefined;
  const sqliteCode = typeof e.errcode === "number" ? e.errcode & 0xff : undefined;
  const found =
    code === PG_DISK_FULL
      ? (["database", "disk_full"] as const)
      : sqliteCode === SQLITE_FULL
        ? (["database", "SQLITE_FULL"] as const)
        : code !== undefined && FILES_FULL.has(code)
          ? (["file storage", code] as const)
          : undefined;
  if (found === undefined) return undefined;
  const [where, what] = found;
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `the service's ${where} is out of space (${what}), so this request's write failed; retry once an operator has freed space`,
    { retryAfterSeconds: FULL_RETRY_SECONDS, cause: error },
  );
}
