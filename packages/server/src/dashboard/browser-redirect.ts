import type { FastifyInstance } from "fastify";
import { DASHBOARD_PATH } from "./register-dashboard.ts";

/**
 * A person who types the service's address (`/`) or the API's base URL into a browser is sent to
 * the dashboard instead of a bare 404. Only a page read from a browser (GET asking for text/html)
 * is redirected: SDKs and curl send no text/html in Accept and keep the answers the wire protocol
 * gives them (the plain 404 at `/`, the API's JSON 404 at its prefix).
 */
export function registerBrowserRedirect(app: FastifyInstance, options: { apiPrefix: string }) {
  const entrances = new Set(["/", options.apiPrefix, `${options.apiPrefix}/`]);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    if (!entrances.has(request.url.split("?")[0] ?? "")) return;
    if (!(request.headers.accept ?? "").includes("text/html")) return;
    // Vary: a cache in front must not hand this redirect to an API client at the same URL.
    return reply.header("vary", "accept").redirect(DASHBOARD_PATH, 302);
  });
}
