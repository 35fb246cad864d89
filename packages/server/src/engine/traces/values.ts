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

/**
 * `input` is listed with every trace and searched, so it is a bounded preview; the whole record
 * stays in `data`. NUL characters are dropped: PostgreSQL text cannot hold them.
 */
export const MAX_INPUT_CHARS = 65_536;

export function toInputText(value: string): string {
  const clean = value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  if (clean.length <= MAX_INPUT_CHARS) return clean;
  // Never cut between the two halves of a surrogate pair (an emoji, say).
  let end = MAX_INPUT_CHARS - 1;
  const last = clean.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${clean.slice(0, end)}…`;
}

/** Indents every line after the first, so multi-line text stays under its label. */
export function indentRest(value: string, indent = "  "): string {
  return value.includes("\n") ? value.replaceAll("\n", `\n${indent}`) : value;
}
