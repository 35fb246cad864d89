// The server every provider double shares: node:http, one route (POST /v1/chat/completions),
// every exchange recorded. What a provider accepts and refuses lives in its own file; this one
// only moves bytes. Lean like fake-model-server.ts: no framework, nothing between the test and
// the rules it asserts.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_THINKING_TOKENS } from "./completion.ts";

/** One request as the double's rules see it. */
export interface DoubleRequest {
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  /** The raw body. */
  text: string;
  headers: IncomingHttpHeaders;
}

export interface DoubleReply {
  status: number;
  /** Sent as JSON. */
  body: unknown;
}

/** What the model "says", before the double wraps it in the provider's protocol. */
export type AnswerBehavior = (prompt: { lastUserMessage: string; model: string }) => string;

/** The default answer: fixed, so every model answers the same and a test can look for it. */
export const DEFAULT_ANSWER = "The answer is 42.";

export const fixedAnswer: AnswerBehavior = () => DEFAULT_ANSWER;

export interface RecordedExchange {
  /** Parsed JSON body (undefined when not JSON). */
  body: unknown;
  headers: IncomingHttpHeaders;
  status: number;
  reply: unknown;
}

export interface DoubleOptions {
  /** The key the double accepts as `Authorization: Bearer`; each double has a default. */
  apiKey?: string;
  /** Default fixedAnswer. */
  behavior?: AnswerBehavior;
  /** Tokens a reasoning model thinks when nothing caps it (see completion.ts). */
  thinkingTokens?: number;
  /** Default 127.0.0.1 and a free port. */
  host?: string;
  port?: number;
}

export interface ProviderDouble extends AsyncDisposable {
  /** The provider name (providers.json), or the local server's name. */
  name: string;
  /** Base URL, `http://127.0.0.1:<port>/v1`: what a provider's base_url points at. */
  url: string;
  /** The key it accepts (undefined for servers started without one). */
  apiKey: string | undefined;
  /** Every chat-completions exchange since start (or the last reset), in arrival order. */
  exchanges(): readonly RecordedExchange[];
  reset(): void;
  setBehavior(behavior: AnswerBehavior): void;
  close(): Promise<void>;
}

/** What a provider file hands the core: its name, its key, and its rules. */
export interface DoubleSpec {
  name: string;
  apiKey: string | undefined;
  handle(request: DoubleRequest, behavior: AnswerBehavior): DoubleReply;
}

/** What a hosted provider's handler is told: the key it accepts, and how long its models think. */
export interface HostedConfig {
  apiKey: string;
  thinkingTokens: number;
}

/**
 * The starter of a hosted provider's double: its name, the key it accepts unless told another,
 * and its handler, given that key and the thinking of its reasoning models.
 */
export function hostedDouble(
  name: string,
  defaultApiKey: string,
  handle: (request: DoubleRequest, behavior: AnswerBehavior, config: HostedConfig) => DoubleReply,
): (options?: DoubleOptions) => Promise<ProviderDouble> {
  return (options = {}) => {
    const config: HostedConfig = {
      apiKey: options.apiKey ?? defaultApiKey,
      thinkingTokens: options.thinkingTokens ?? DEFAULT_THINKING_TOKENS,
    };
    return startDouble(
      {
        name,
        apiKey: config.apiKey,
        handle: (request, behavior) => handle(request, behavior, config),
      },
      options,
    );
  };
}

const CHAT_PATH = "/v1/chat/completions";

export async function startDouble(
  spec: DoubleSpec,
  options: DoubleOptions = {},
): Promise<ProviderDouble> {
  let behavior = options.behavior ?? fixedAnswer;
  let exchanges: RecordedExchange[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  };

  const onChat = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      let reply: DoubleReply;
      try {
        reply = spec.handle({ body, text, headers: req.headers }, behavior);
      } catch (error) {
        // A behavior or rule that throws is a bug in the test, not a provider answer: say so.
        reply = { status: 500, body: { double_error: String(error) } };
      }
      exchanges.push({ body, headers: req.headers, status: reply.status, reply: reply.body });
      send(res, reply.status, reply.body);
    });
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method === "POST" && path === CHAT_PATH) {
      onChat(req, res);
      return;
    }
    req.resume();
    send(res, 404, { double_error: `no route ${req.method} ${path.slice(0, 100)}` });
  });
  server.keepAliveTimeout = 60_000;

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };

  return {
    name: spec.name,
    url: `http://${host}:${port}/v1`,
    apiKey: spec.apiKey,
    exchanges: () => [...exchanges],
    reset() {
      exchanges = [];
    },
    setBehavior(next) {
      behavior = next;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
