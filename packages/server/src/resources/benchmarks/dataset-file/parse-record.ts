import { isUtf8 } from "node:buffer";
import sjson from "secure-json-parse";
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from "../../../platform/json-frames/json-bytes.ts";
import { findUnstorableText, mayHoldUnstorableText } from "../../../platform/unstorable-text.ts";
import { MAX_DEPTH } from "./limits.ts";
import { type DatasetInputType, type DatasetRow, validateRow } from "./row-schema.ts";

export type RecordOutcome =
  | { kind: "blank" }
  | { kind: "row"; row: DatasetRow }
  | { kind: "bad"; reason: string };

const FORBIDDEN_KEYS = { protoAction: "error", constructorAction: "error" } as const;

/** One JSONL line or JSON array item, as bytes, to a row or the reason it is refused. */
export function parseRecord(
  bytes: Buffer,
  line: number,
  inputType: DatasetInputType | undefined,
): RecordOutcome {
  if (!isUtf8(bytes)) return bad("not valid UTF-8");
  const text = bytes.toString("utf8");
  if (text.trim() === "") return { kind: "blank" };
  // Before parsing: nothing below (parse, prototype scan, schema, size) meets a deeper value.
  if (nestingDepth(text) > MAX_DEPTH) return bad(`nested deeper than ${MAX_DEPTH} levels`);
  const parsed = parseJson(text);
  if (!parsed.ok) return bad(parsed.reason);
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return bad("not a JSON object");
  }
  const unstorable = mayHoldUnstorableText(text) ? findUnstorableText(value, "") : undefined;
  if (unstorable) return bad(`\`${unstorable.field}\` ${unstorable.message}`);
  const result = validateRow(value as Record<string, unknown>, inputType, line);
  return result.ok ? { kind: "row", row: result.row } : bad(result.reason);
}

function bad(reason: string): RecordOutcome {
  return { kind: "bad", reason };
}

type JsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * secure-json-parse throws the same SyntaxError for bad JSON and for a forbidden key, so the
 * (rare) failure is parsed again to tell the user which it was.
 */
function parseJson(text: string): JsonResult {
  try {
    return { ok: true, value: sjson.parse(text, undefined, FORBIDDEN_KEYS) };
  } catch {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, reason: "not valid JSON" };
    }
    const protoOnly = { protoAction: "error", constructorAction: "ignore", safe: true } as const;
    const hasProto = sjson.scan(value as object, protoOnly) === null;
    return {
      ok: false,
      reason: `forbidden key ${hasProto ? "__proto__" : "constructor.prototype"}`,
    };
  }
}

/** The deepest nesting of objects and arrays in JSON text, brackets in strings aside. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return deepest;
}
