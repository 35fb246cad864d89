// An OpenAI-compatible chat-completions endpoint that enforces an OpenAI quota: requests and
// tokens per minute as token buckets, `x-ratelimit-*` headers on every answer, 429 with
// `retry-after` when a bucket is short (packages/test-kit/src/provider-doubles/
// openai-quota.ts has the model and its sources). Answers as the bench's fake endpoint does
// (arithmeticBehavior: exactly 75 % right), after a lognormal latency (p99 ≈ 8 × the median,
// seeded); a 429 comes back after REFUSAL_MS. Lean like fake-model-server.ts, and run in a child
// process of its own so its CPU is not charged to the tool under test:
//
//   PORT=8787 RPM=600 TPM=34000 MEDIAN_MS=500 SEED=1 node bench/quota/quota-server.ts
//
// It prints one JSON line {"url", "chatUrl"}. GET /stats: the counters (QuotaServerStats).
// POST /reset: full buckets (a fresh minute), the latencies' sequence from the seed again, zeroed
// counters — one tool's run does not inherit another's quota.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { arithmeticBehavior } from "@assay/test-kit/fake-model-server.ts";
import {
  estimateRequestTokens,
  lognormalLatencies,
  OpenAIQuota,
  type QuotaLimits,
} from "@assay/test-kit/provider-doubles/openai-quota.ts";

export interface QuotaServerStats {
  /** Chat-completion requests received (429s included). */
  requests: number;
  /** Answered 429. */
  rateLimited: number;
  /** Tokens charged to admitted requests. */
  tokens: number;
  /** Distinct prompts (their `Q<id>:`) answered 200: a sample that never got one failed. */
  answered: number;
  /** ms from the first request to the last answer sent. */
  spanMs: number;
  maxInFlight: number;
  inFlight: number;
  connections: number;
  /** Bodies that were not chat-completion requests, or prompts the behavior could not read. */
  badRequests: number;
  /** The `max_tokens` values requests carried (absent: "none"), with their counts. */
  maxTokens: Record<string, number>;
}

export interface QuotaServerOptions {
  limits: QuotaLimits;
  medianMs: number;
  seed: number;
  /** Charged for a request with no `max_tokens`. */
  defaultMaxTokens: number;
  port?: number;
}

/** How fast a 429 comes back: a refusal does no model work. */
const REFUSAL_MS = 5;
const PROMPT_ID = /Q(\d+):/;

export async function startQuotaServer(options: QuotaServerOptions) {
  const clock = () => performance.now();
  let quota = new OpenAIQuota(options.limits, clock());
  let latency = lognormalLatencies(options.medianMs, options.seed);
  let stats = emptyStats();
  let answered = new Set<number>();
  let firstAt = 0;
  let lastAt = 0;

  const send = (
    res: ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: unknown,
  ) => {
    if (res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
    lastAt = clock();
  };

  const onChat = (req: IncomingMessage, res: ServerResponse) => {
    if (stats.requests === 0) firstAt = clock();
    stats.requests += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    res.once("close", () => {
      stats.inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        if (!Array.isArray(body.messages)) throw new Error("no messages");
      } catch {
        stats.badRequests += 1;
        send(res, 400, {}, { error: { message: "the body is not a chat completion request" } });
        return;
      }
      const limit = body.max_completion_tokens ?? body.max_tokens;
      const key = typeof limit === "number" ? String(limit) : "none";
      const reserved = typeof limit === "number" && limit > 0 ? limit : options.defaultMaxTokens;
      stats.maxTokens[key] = (stats.maxTokens[key] ?? 0) + 1;

      const tokens = estimateRequestTokens(body, options.defaultMaxTokens);
      const decision = quota.admit(tokens, clock());
      if (!decision.admitted) {
        stats.rateLimited += 1;
        // OpenAI's wording for a TPM/RPM refusal, type `requests` / code `rate_limit_exceeded`.
        const message = `Rate limit reached for fake-model in organization org-bench on tokens per min (TPM): Limit ${options.limits.tokensPerMinute}. Please try again in ${decision.headers["retry-after"]}s.`;
        setTimeout(send, REFUSAL_MS, res, 429, decision.headers, {
          error: { message, type: "tokens", param: null, code: "rate_limit_exceeded" },
        });
        return;
      }
      stats.tokens += tokens;
      const messages = body.messages as { role?: string; content?: unknown }[];
      const last = [...messages].reverse().find((m) => m.role === "user") ?? messages.at(-1);
      const text = typeof last?.content === "string" ? last.content : "";
      const reply = arithmeticBehavior({
        body,
        index: stats.requests,
        lastUserMessage: text,
        headers: req.headers,
      });
      if (reply instanceof Promise || !("content" in reply)) throw new Error("unexpected behavior");
      if (reply.bad) stats.badRequests += 1;
      const id = PROMPT_ID.exec(text);
      const completion = {
        id: `chatcmpl-${stats.requests}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: typeof body.model === "string" ? body.model : "fake-model",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: reply.content },
            finish_reason: "stop",
          },
        ],
        usage: {
          prompt_tokens: tokens - reserved,
          completion_tokens: Math.ceil((reply.content ?? "").length / 4),
          total_tokens: tokens - reserved + Math.ceil((reply.content ?? "").length / 4),
        },
      };
      setTimeout(() => {
        if (id) answered.add(Number(id[1]));
        send(res, 200, decision.headers, completion);
      }, latency());
    });
  };

  const server = createServer((req, res) => {
    const path = req.url ?? "";
    if (req.method === "POST" && path.endsWith("/chat/completions")) onChat(req, res);
    else if (req.method === "GET" && path === "/stats") {
      req.resume();
      const current: QuotaServerStats = {
        ...stats,
        answered: answered.size,
        spanMs: stats.requests === 0 ? 0 : lastAt - firstAt,
      };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(current));
    } else if (req.method === "POST" && path === "/reset") {
      req.resume();
      quota = new OpenAIQuota(options.limits, clock());
      latency = lognormalLatencies(options.medianMs, options.seed);
      stats = { ...emptyStats(), inFlight: stats.inFlight };
      answered = new Set();
      res.end("ok");
    } else {
      req.resume();
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"error":{"message":"no such route"}}');
    }
  });
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 61_000;
  server.on("connection", () => {
    stats.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/v1`;
  return {
    url,
    chatUrl: `${url}/chat/completions`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function emptyStats(): QuotaServerStats {
  return {
    requests: 0,
    rateLimited: 0,
    tokens: 0,
    answered: 0,
    spanMs: 0,
    maxInFlight: 0,
    inFlight: 0,
    connections: 0,
    badRequests: 0,
    maxTokens: {},
  };
}

if (import.meta.main) {
  const env = process.env;
  const server = await startQuotaServer({
    limits: {
      requestsPerMinute: Number(env.RPM ?? 600),
      tokensPerMinute: Number(env.TPM ?? 34_000),
    },
    medianMs: Number(env.MEDIAN_MS ?? 500),
    seed: Number(env.SEED ?? 1),
    defaultMaxTokens: Number(env.DEFAULT_MAX_TOKENS ?? 64),
    port: Number(env.PORT ?? 0),
  });
  console.log(JSON.stringify({ url: server.url, chatUrl: server.chatUrl }));
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
