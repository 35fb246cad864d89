import { isRecord, parseJson } from "./json.ts";

/**
 * Reads a non-2xx body the way the wire protocol (§1.8) describes it, so `message` and `body` are
 * the same whatever the server (ours, a proxy, a load balancer) answered with.
 */
export function describeErrorBody(
  statusCode: number,
  text: string,
): { message: string; body: unknown } {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const raw = text.trim();
    return { message: withStatus(statusCode, raw), body: text };
  }
  const value = parsed.value;
  const hasErrorKey = isRecord(value) && Object.hasOwn(value, "error");
  const body = hasErrorKey ? value.error : value;
  return { message: withStatus(statusCode, serverMessage(body, hasErrorKey) ?? text.trim()), body };
}

/** `{"error": {"message": "…"}}` → the message; `{"error": "…"}` → the string; else nothing. */
function serverMessage(error: unknown, hasErrorKey: boolean): string | undefined {
  if (!hasErrorKey) return undefined;
  if (typeof error === "string" && error !== "") return error;
  if (isRecord(error) && typeof error.message === "string" && error.message !== "") {
    return error.message;
  }
  return undefined;
}

function withStatus(statusCode: number, text: string): string {
  return text === "" ? `Error code: ${statusCode}` : `Error code: ${statusCode} - ${text}`;
}
