import { isObject, type JsonObject, text } from "./json-values.ts";

// OpenTelemetry spans as OTLP/JSON writes them, and a trace of them as Assay stores it
// (`{trace_id, spans}`, the `otel_genai` format): the span fields both the server and the
// dashboard read.

/** An OTLP/JSON span: hex `traceId` and `spanId` strings. */
export function isSpan(record: JsonObject): boolean {
  return typeof record.traceId === "string" && typeof record.spanId === "string";
}

/** `{trace_id, spans: [...]}`: spans already grouped into a trace (what Assay stores). */
export function isSpanTrace(record: JsonObject): boolean {
  return (
    Array.isArray(record.spans) &&
    record.spans.length > 0 &&
    record.spans.every((span) => isObject(span) && isSpan(span))
  );
}

/** Nanoseconds since the epoch as a BigInt (OTLP sends them as decimal strings), if known. */
export function spanTime(
  span: JsonObject,
  key: "startTimeUnixNano" | "endTimeUnixNano",
): bigint | undefined {
  const value = span[key];
  if (typeof value === "number" && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (typeof value === "string" && /^\d{1,30}$/.test(value)) return BigInt(value);
  return undefined;
}

/**
 * A failed span's message (status code 2, `STATUS_CODE_ERROR` or `ERROR`): "" when it gives
 * none; undefined for a span that did not fail.
 */
export function spanStatusError(status: unknown): string | undefined {
  if (!isObject(status)) return undefined;
  const failed =
    status.code === 2 || status.code === "STATUS_CODE_ERROR" || status.code === "ERROR";
  if (!failed) return undefined;
  return text(status.message) ?? "";
}
