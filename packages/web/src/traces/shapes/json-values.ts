// Readers over parsed JSON of unknown shape, as the server's engine/traces/values.ts has them:
// a trace record is whatever a team's tooling wrote, so every access checks the type.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-blank string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The first of `keys` whose value is a non-blank string. */
export function firstText(object: JsonObject, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const found = text(object[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A value as one line of compact JSON (strings as they are). */
export function compact(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

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

/** JSON carried in a string (`gen_ai.input.messages`, tool arguments), if it is an object or list. */
export function embeddedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const first = value.trimStart()[0];
  if (first !== "[" && first !== "{") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
