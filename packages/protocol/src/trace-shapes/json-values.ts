// Small readers over parsed JSON of unknown shape: trace records are whatever a team's tooling
// wrote, so every access checks the type instead of trusting a schema.

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
