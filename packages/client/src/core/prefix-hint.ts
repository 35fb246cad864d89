import { type APIError, NotFoundError } from "../errors.ts";

/** What the server answers, as plain text, to every path outside its API prefix. */
const OUTSIDE_API = "404 page not found";

/**
 * A base URL without the API prefix (`http://host:8080` for `http://host:8080/api/v1`) gets the
 * server's bare `404 page not found` on every call, which says nothing about the cause. That
 * answer (plain text, not the API's JSON error) is raised again as a `NotFoundError` saying what
 * to fix. A base URL already ending in `/api/v1` is left alone: its 404 has another cause, and an
 * unusual prefix (ASSAY_API_PREFIX) is never refused up front.
 */
export function withPrefixHint(error: APIError, baseURL: string, url: string): APIError {
  if (!(error instanceof NotFoundError)) return error;
  if (typeof error.body !== "string" || error.body.trim() !== OUTSIDE_API) return error;
  const base = new URL(baseURL);
  if (base.pathname.replace(/\/+$/, "").endsWith("/api/v1")) return error;
  const requested = new URL(url);
  requested.search = "";
  return new NotFoundError({
    statusCode: error.statusCode,
    headers: error.headers,
    body: error.body,
    message:
      `${OUTSIDE_API} at ${requested}: the base URL must include the API prefix, ` +
      `e.g. ${base.origin}/api/v1`,
  });
}
