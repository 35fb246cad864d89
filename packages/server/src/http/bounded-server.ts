import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { HttpTimeouts } from "../config.ts";

/**
 * The HTTP server under Fastify, with every connection bounded: a client that sends its headers
 * a byte at a time, never finishes its body, or holds a silent socket is cut off, instead of
 * holding a connection (and its memory) for as long as it likes.
 */
export function createBoundedServer(
  timeouts: HttpTimeouts,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Server {
  const server = createServer(
    {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs),
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (30 s by default, which would let a
      // 10 s headers timeout last 40 s).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
    },
    handler,
  );
  server.setTimeout(timeouts.idleTimeoutMs);
  return server;
}
