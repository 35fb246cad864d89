import { APIStatusError } from "@assay/client/errors";

/** The API's own message (`{"error": {"message"}}`), never a stack; a hint where one helps. */
export function readableError(error: unknown, status?: number): string {
  if (error instanceof APIStatusError) {
    // The SDK's message is "Error code: 409 - …" (the original SDK's wording, kept for scripts):
    // a person reads the API's message alone, or the status when there is none (a proxy's page).
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === "string" && message !== "") return withHint(message, error.statusCode);
    const text = error.message.replace(/^Error code: \d+( - )?/, "");
    return `the server answered ${error.statusCode}${text === "" ? "" : `: ${text}`}`;
  }
  if (error instanceof Error) return error.message;
  const body = error as { error?: { message?: unknown } } | undefined;
  const message = body?.error?.message;
  if (typeof message === "string") return withHint(message, status);
  return status ? `the server answered ${status}` : String(error);
}

function withHint(message: string, status: number | undefined): string {
  return status === 429 ? `${message}. Wait a moment and try again.` : message;
}

/** A 401 from the API: the session is gone (expired, signed out elsewhere, key revoked). */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof APIStatusError && error.statusCode === 401;
}
