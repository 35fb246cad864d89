import { ServiceError } from "../errors.ts";

/** A base URL without trailing slashes, so `<base>` + `/path` never doubles or drops a slash. */
export function normalizeBaseURL(baseURL: string): string {
  const trimmed = baseURL.replace(/\/+$/, "");
  if (!URL.canParse(trimmed)) throw new ServiceError(`baseURL is not an absolute URL: ${baseURL}`);
  return trimmed;
}

/**
 * Query values as the wire protocol expects them (§1.3): strings, decimal numbers,
 * `"true"`/`"false"`, lists comma-joined into one parameter; `undefined`/`null` are left out.
 */
export function buildURL(baseURL: string, path: string, query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(
      name,
      Array.isArray(value) ? value.map(queryScalar).join(",") : queryScalar(value),
    );
  }
  const qs = search.toString();
  return qs === "" ? `${baseURL}${path}` : `${baseURL}${path}?${qs}`;
}

function queryScalar(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") {
    return String(value);
  }
  throw new ServiceError(`unsupported query value: ${JSON.stringify(value)}`);
}
