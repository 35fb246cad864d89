import { isUtf8 } from "node:buffer";
import { isObject, type JsonObject } from "@assay/protocol/trace-shapes";
import sjson from "secure-json-parse";
import { nestsDeeperThan } from "../../../platform/json-frames/json-depth.ts";
import { findUnstorableText, mayHoldUnstorableText } from "../../../platform/unstorable-text.ts";
import { MAX_DEPTH } from "./limits.ts";

export type RecordParse =
  | { kind: "blank" }
  | { kind: "object"; value: JsonObject; text: string }
  | { kind: "bad"; reason: string };

export const NOT_JSON = "not valid JSON";

const SCAN = { protoAction: "error", constructorAction: "error", safe: true } as const;

/** One record's bytes to a JSON object (with its text), or why it is refused. */
export function parseJsonRecord(bytes: Buffer): RecordParse {
  if (!isUtf8(bytes)) return { kind: "bad", reason: "not valid UTF-8" };
  // Before parsing: nothing downstream (prototype scan, recognizers, renderers) meets a deeper value.
  if (nestsDeeperThan(bytes, MAX_DEPTH))
    return { kind: "bad", reason: `nested deeper than ${MAX_DEPTH} levels` };
  const text = bytes.toString("utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text.trim() === "" ? { kind: "blank" } : { kind: "bad", reason: NOT_JSON };
  }
  if (!isObject(value)) return { kind: "bad", reason: "not a JSON object" };
  if (mayHaveForbiddenKey(text) && sjson.scan(value, SCAN) === null)
    return { kind: "bad", reason: "has a forbidden key (__proto__ or constructor.prototype)" };
  const unstorable = mayHoldUnstorableText(text) ? findUnstorableText(value, "") : undefined;
  if (unstorable) return { kind: "bad", reason: `\`${unstorable.field}\` ${unstorable.message}` };
  return { kind: "object", value, text };
}

/**
 * Whether the text may hold `__proto__` or `constructor.prototype` as keys, literally or with
 * `\u00XX` escapes (both contain "proto"). secure-json-parse answers the same with two regular
 * expressions per text, which cost more than the parse itself on a 50 MB file; substring
 * searches are an order of magnitude cheaper, and only the rare text that passes them has its
 * parsed value scanned.
 */
function mayHaveForbiddenKey(text: string): boolean {
  return text.includes("proto") || text.includes("\\u00");
}
