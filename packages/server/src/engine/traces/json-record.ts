import { compact, firstText, type JsonObject } from "@assay/protocol/trace-shapes";
import { indentRest } from "./values.ts";

// A record of no recognized shape: kept as it is, shown to a judge key by key.

/** A likely input field, else the record itself as compact JSON (clipped by the caller). */
export function jsonRecordInput(record: JsonObject): string {
  return (
    firstText(record, ["input", "prompt", "question", "query", "message", "text"]) ??
    compact(record)
  );
}

/** One line per top-level key, the value as compact JSON: shorter than pretty JSON, as exact. */
export function renderJsonRecord(record: JsonObject): string {
  const lines = Object.entries(record).map(
    ([key, value]) => `${key}: ${indentRest(compact(value))}`,
  );
  return lines.length > 0 ? lines.join("\n") : "{}";
}
