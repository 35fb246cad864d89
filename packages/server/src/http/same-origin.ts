import { REQUEST_MARKER_HEADER } from "@assay/protocol";
import type { FastifyRequest } from "fastify";
import { AppError } from "../app-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a cookie-authenticated request that did not come from the dashboard's own origin.
 * SameSite=Strict is not enough: another port on the same host is the same *site*. A browser
 * says where a request comes from (`Sec-Fetch-Site`, `Origin`); tools that send neither are not
 * browsers and carry no ambient cookie to abuse. `allowedOrigin` is the configured public URL;
 * the request's own `Host` is accepted too (a page served from it can only be ours, as cookies
 * are kept per host).
 */
export function checkSameOrigin(request: FastifyRequest, allowedOrigin: string): void {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    throw new AppError(
      "PERMISSION_DENIED",
      `cross-site request refused (Sec-Fetch-Site: ${site}): the session cookie only works from the dashboard's own origin; other callers send an API key`,
    );
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const own = `${request.protocol}://${request.headers.host ?? ""}`;
    if (origin !== allowedOrigin && origin !== own) {
      throw new AppError(
        "PERMISSION_DENIED",
        `cross-origin request refused (Origin: ${origin}): the session cookie only works from the dashboard's own origin; other callers send an API key`,
      );
    }
  }
  if (!SAFE_METHODS.has(request.method) && request.headers[REQUEST_MARKER_HEADER] !== "1") {
    throw new AppError(
      "PERMISSION_DENIED",
      `a ${request.method} with the session cookie must carry the header ${REQUEST_MARKER_HEADER}: 1`,
    );
  }
}
