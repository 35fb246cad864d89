/**
 * Checks of arguments that TypeScript checks at compile time and JavaScript callers still get
 * wrong: `evaluations.create(await client.models.getByKey("gpt4o"), …)` passes `undefined` when
 * the key is unknown. Each raises a `TypeError` naming the parameter, what it expects and what it
 * got, before any request, instead of a request with `undefined` in its body or path.
 */

/** `value` must be an object with a non-empty string `id`, as the SDK's methods answer. */
export function checkObject<T extends { readonly id: string }>(
  value: T,
  name: string,
  expected: string,
): T {
  if (!hasId(value)) throw argumentError(name, expected, value);
  return value;
}

/** `value` must be an id, or an object with one; answers the id. */
export function checkIdRef(
  value: string | { readonly id: string },
  name: string,
  expected: string,
): string {
  if (typeof value === "string" && value !== "") return value;
  if (hasId(value)) return value.id;
  throw argumentError(name, expected, value);
}

/** `value` must be an array; each item is checked by the caller, named `name[i]`. */
export function checkArray<T>(value: readonly T[], name: string, expected: string): readonly T[] {
  if (!Array.isArray(value)) throw argumentError(name, expected, value);
  return value;
}

/** `TypeError("model must be a Model object (…), got undefined")`, for checks of other shapes. */
export function argumentError(name: string, expected: string, value: unknown): TypeError {
  return new TypeError(`${name} must be ${expected}, got ${describe(value)}`);
}

function hasId(value: unknown): value is { id: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { id?: unknown }).id === "string" &&
    (value as { id: string }).id !== ""
  );
}

/** What was passed, in words a caller recognises: `undefined`, `the string "gpt-4o"`, … */
function describe(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === "string") {
    return value === "" ? "an empty string" : `the string ${JSON.stringify(shorten(value))}`;
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return `the ${typeof value} ${String(value)}`;
  }
  if (Array.isArray(value)) return "an array";
  if (typeof value === "function") return "a function";
  if (typeof value === "object") return "an object without an id";
  return typeof value;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
