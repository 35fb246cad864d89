import type { FastifyInstance } from "fastify";

/** How long requests in flight get to finish when the service stops. */
export const CLOSE_GRACE_MS = 5_000;

/**
 * Bounds how long closing the app waits for its clients. Closing stops listening, then waits for
 * every open connection; most end at once (idle keep-alive sockets are closed, event streams end
 * themselves), but a client still dripping a request body — or whose request reached the server
 * just as it began to close — would hold the shutdown for as long as its request timeout. Requests
 * in flight get `graceMs` to finish; the connections left after that are cut.
 */
export function closeWithin(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  let cutOff: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    cutOff = setTimeout(() => app.server.closeAllConnections(), graceMs);
    cutOff.unref();
  });
  app.addHook("onClose", async () => clearTimeout(cutOff));
}
