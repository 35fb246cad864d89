// A counting pass-through in front of a real model server, so the eval bench's runners (Assay, the
// floor, the peers) can drive llama-server as they drive the fake endpoint: it forwards every
// request unchanged and counts the chat completions as fake-model-server.ts does (requests, calls
// in flight and their peak, connections, refusals), plus the tokens each answer's `usage` reports.
// It costs well under a millisecond of a call that takes seconds, and every tool, the floor
// included, goes through it. Run in a child process of its own, its CPU counted with the server's:
//
//   UPSTREAM=http://127.0.0.1:8081 PORT=0 node bench/real-model/counting-proxy.ts
//
// It prints one JSON line {"url", "chatUrl"}. GET /stats: the counters (CountingProxyStats).
// POST /reset: zeroed counters (not `inFlight`).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";

export interface CountingProxyStats {
  /** Chat-completion requests received. */
  requests: number;
  maxInFlight: number;
  inFlight: number;
  connections: number;
  /** Chat completions the server did not answer 200 with a JSON body, or that failed to reach it. */
  badRequests: number;
  /** Sums of the answers' `usage`. */
  promptTokens: number;
  completionTokens: number;
  /** ms from the first request to the last answer sent. */
  spanMs: number;
  /** The `max_tokens` values requests carried (absent: "none"), with their counts. */
  maxTokens: Record<string, number>;
}

const upstream = new URL(process.env.UPSTREAM ?? "");
// More sockets than any bench's concurrency: the proxy must never be the one that queues.
const pool = new Pool(upstream.origin, { connections: 512, keepAliveTimeout: 30_000 });

const fresh = (): CountingProxyStats => ({
  requests: 0,
  maxInFlight: 0,
  inFlight: 0,
  connections: 0,
  badRequests: 0,
  promptTokens: 0,
  completionTokens: 0,
  spanMs: 0,
  maxTokens: {},
});
let stats = fresh();
let firstAt: number | undefined;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Usage {
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

const server = createServer(async (request, response) => {
  const path = request.url ?? "/";
  if (path === "/stats") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(stats));
    return;
  }
  if (path === "/reset" && request.method === "POST") {
    stats = { ...fresh(), inFlight: stats.inFlight };
    firstAt = undefined;
    response.end("ok");
    return;
  }
  const body = await readBody(request);
  const chat = request.method === "POST" && path.endsWith("/chat/completions");
  if (chat) {
    stats.requests += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    firstAt ??= performance.now();
    let maxTokens = "none";
    try {
      const asked = (JSON.parse(body.toString("utf8")) as { max_tokens?: number }).max_tokens;
      if (asked !== undefined) maxTokens = String(asked);
    } catch {
      // the server will refuse it; counted below
    }
    stats.maxTokens[maxTokens] = (stats.maxTokens[maxTokens] ?? 0) + 1;
  }
  try {
    const answer = await pool.request({
      path,
      method: (request.method ?? "GET") as "GET",
      headers: {
        "content-type": request.headers["content-type"] ?? "application/json",
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      },
      body: body.length > 0 ? body : undefined,
    });
    const text = await answer.body.text();
    if (chat) {
      try {
        const usage = (JSON.parse(text) as Usage).usage;
        stats.promptTokens += usage?.prompt_tokens ?? 0;
        stats.completionTokens += usage?.completion_tokens ?? 0;
        if (answer.statusCode !== 200) stats.badRequests += 1;
      } catch {
        stats.badRequests += 1;
      }
    }
    response.writeHead(answer.statusCode, {
      "content-type": String(answer.headers["content-type"] ?? "application/json"),
    });
    response.end(text);
  } catch (error) {
    if (chat) stats.badRequests += 1;
    response.writeHead(502, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: `proxy: ${String(error)}` } }));
  } finally {
    if (chat) {
      stats.inFlight -= 1;
      if (firstAt !== undefined) stats.spanMs = performance.now() - firstAt;
    }
  }
});
server.keepAliveTimeout = 30_000;
server.on("connection", () => {
  stats.connections += 1;
});
await new Promise<void>((resolve) =>
  server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", resolve),
);
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
console.log(JSON.stringify({ url, chatUrl: `${url}/chat/completions` }));
