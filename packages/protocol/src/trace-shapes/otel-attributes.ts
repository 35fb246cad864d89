import { isObject, type JsonObject } from "./json-values.ts";

// OTLP/JSON encodes attribute values as AnyValue: `{stringValue}`, `{intValue}` (a string, since
// int64 exceeds JSON numbers), `{doubleValue}`, `{boolValue}`, `{arrayValue: {values}}`,
// `{kvlistValue: {values: [{key, value}]}}`, `{bytesValue}` (base64).

/** An AnyValue as a plain JSON value. */
export function anyValue(value: unknown): unknown {
  if (!isObject(value)) return value;
  if ("stringValue" in value) return value.stringValue;
  if ("boolValue" in value) return value.boolValue;
  if ("intValue" in value) return toNumber(value.intValue);
  if ("doubleValue" in value) return toNumber(value.doubleValue);
  if ("arrayValue" in value) {
    const values = isObject(value.arrayValue) ? value.arrayValue.values : undefined;
    return Array.isArray(values) ? values.map(anyValue) : [];
  }
  if ("kvlistValue" in value)
    return attributesOf(isObject(value.kvlistValue) ? value.kvlistValue.values : undefined);
  if ("bytesValue" in value) return value.bytesValue;
  return Object.keys(value).length === 0 ? null : value;
}

/** int64 values arrive as strings; beyond 2^53 they stay strings rather than lose digits. */
function toNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const number = Number(value);
  return Number.isSafeInteger(number) || (Number.isFinite(number) && !/^-?\d+$/.test(value))
    ? number
    : value;
}

/**
 * Attributes as one flat object: OTLP's `[{key, value}]` list, or an object as other exporters
 * write it. A `__proto__` key (data, not a JSON key, so parsing let it through) is skipped.
 */
export function attributesOf(list: unknown): JsonObject {
  if (isObject(list)) return list;
  const attributes: JsonObject = {};
  if (!Array.isArray(list)) return attributes;
  for (const entry of list) {
    if (!isObject(entry) || typeof entry.key !== "string" || entry.key === "__proto__") continue;
    attributes[entry.key] = anyValue(entry.value);
  }
  return attributes;
}
