import type { ResponseHeaders } from "../errors.ts";

/**
 * Merges header records left to right with case-insensitive names (lower-cased), so a caller's
 * `X-Api-Key` replaces the built-in `x-api-key` instead of being sent beside it.
 */
export function mergeHeaders(
  ...layers: readonly (Readonly<Record<string, string>> | undefined)[]
): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [name, value] of Object.entries(layer)) merged[name.toLowerCase()] = value;
  }
  return merged;
}

/** `Headers` → plain record (fetch already lower-cases names); `forEach` works on every runtime. */
export function headersToRecord(headers: Headers): ResponseHeaders {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}
