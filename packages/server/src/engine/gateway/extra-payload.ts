/** `__proto__` & co. would mutate prototypes when assigned; no API needs them. */
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Keys the service owns. They were refused when the extra payload was saved; they are skipped
 * here again so a row written before that validation (or by hand) can never change what is
 * evaluated (`model`, `messages`) or how the answer is parsed (`stream`).
 */
const RESERVED = new Set(["model", "messages", "stream"]);

/**
 * `base` with `extra` deep-merged over it, on fresh objects: objects merge, arrays and scalars
 * replace, and a `null` removes what it names (`{"temperature": null}` sends no temperature), at
 * any depth. Neither argument is shared with, or mutated through, the result.
 */
export function mergeExtraPayload(
  base: Record<string, unknown>,
  extra: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const merged = copyObject(base);
  if (!extra) return merged;
  for (const key of Object.keys(extra)) {
    if (RESERVED.has(key) || UNSAFE.has(key)) continue;
    assign(merged, key, mergeValue(merged[key], extra[key]));
  }
  return merged;
}

function assign(target: Record<string, unknown>, key: string, value: unknown) {
  if (value === null) delete target[key];
  else target[key] = value;
}

function mergeValue(base: unknown, override: unknown): unknown {
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged = copyObject(base);
    for (const key of Object.keys(override)) {
      if (!UNSAFE.has(key)) assign(merged, key, mergeValue(merged[key], override[key]));
    }
    return merged;
  }
  // Nothing to merge into: an object is taken whole, less the keys it removes.
  return isPlainObject(override) ? mergeValue({}, override) : copyValue(override);
}

function copyObject(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!UNSAFE.has(key)) copy[key] = copyValue(value[key]);
  }
  return copy;
}

function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue);
  if (isPlainObject(value)) return copyObject(value);
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
