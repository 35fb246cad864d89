import { embeddedJson } from "@assay/protocol/trace-shapes";

/**
 * A value as a person reads it: strings as they are, unless they hold JSON (tool arguments
 * arrive as JSON text), which is parsed and indented like any other value.
 */
export function pretty(value: unknown): string {
  if (typeof value === "string") {
    const parsed = embeddedJson(value);
    return parsed === undefined ? value : JSON.stringify(parsed, null, 2);
  }
  if (value === undefined) return "";
  return JSON.stringify(value, null, 2) ?? String(value);
}
