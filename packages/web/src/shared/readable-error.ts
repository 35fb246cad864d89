import { APIStatusError } from "@assay/client/errors";

/** The API's own message (`{"error": {"message"}}`), never a stack; a hint where one helps. */
export function readableError(error: unknown, status?: number): string {
  if (error instanceof APIStatusError) return `${error.message} (HTTP ${error.statusCode})`;
  if (error instanceof Error) return error.message;
  const body = error as { error?: { message?: unknown } } | undefined;
  const message = body?.error?.message;
  if (typeof message === "string") {
    if (status === 429) return `${message}. Wait a moment and try again.`;
    return message;
  }
  return status ? `the server answered ${status}` : String(error);
}

/** A 401 from the API: the session is gone (expired, signed out elsewhere, key revoked). */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof APIStatusError && error.statusCode === 401;
}
