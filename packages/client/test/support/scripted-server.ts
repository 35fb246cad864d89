import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer. */
export interface Reply {
  /** Default 200. */
  status?: number;
  /** A string is sent as is; anything else as JSON. Omitted: an empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (the request is recorded at once). */
  delayMs?: number;
  /** Destroy the socket instead of answering: the client sees a dropped connection. */
  drop?: boolean;
}

export type Script = Reply | ((request: RecordedRequest) => Reply);

export interface RecordedRequest {
  method: string;
  /** Path relative to the API prefix when under it (`/organizations`), else the full path. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ScriptedServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/api/v1`, what a client takes as `baseURL`. */
  readonly baseURL: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /**
   * Answers `method path` with `replies` in order; the last one repeats. An unscripted route
   * answers 404 with the server's error body.
   */
  on(method: string, path: string, ...replies: Script[]): void;
  /** The requests made to one route. */
  requestsTo(method: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

const API_PREFIX = "/api/v1";

/**
 * A real HTTP server on a loopback socket that answers from a script and records what it got,
 * so tests see exactly what the SDK puts on the wire. Use with `await using`.
 */
export async function startScriptedServer(): Promise<ScriptedServer> {
  const scripts = new Map<string, Script[]>();
  const requests: RecordedRequest[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const path = url.pathname.startsWith(`${API_PREFIX}/`)
        ? url.pathname.slice(API_PREFIX.length)
        : url.pathname;
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const reply = nextReply(scripts, recorded);
      const answer = () => {
        if (reply.drop) {
          req.socket.destroy();
          return;
        }
        const body =
          reply.body === undefined
            ? ""
            : typeof reply.body === "string"
              ? reply.body
              : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, reply.headers);
        res.end(body);
      };
      if (!reply.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        // The client may have given up (timeout, abort) and closed the socket meanwhile.
        if (!res.destroyed) answer();
      }, reply.delayMs);
      timers.add(timer);
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const close = async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    baseURL: `http://127.0.0.1:${port}${API_PREFIX}`,
    requests,
    on(method, path, ...replies) {
      scripts.set(`${method} ${path}`, replies);
    },
    requestsTo(method, path) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function nextReply(scripts: Map<string, Script[]>, request: RecordedRequest): Reply {
  const queue = scripts.get(`${request.method} ${request.path}`);
  const script = queue && queue.length > 1 ? queue.shift() : queue?.[0];
  if (script === undefined) {
    return {
      status: 404,
      body: {
        error: { message: `unscripted route ${request.method} ${request.path}`, code: "NOT_FOUND" },
      },
    };
  }
  return typeof script === "function" ? script(request) : script;
}
