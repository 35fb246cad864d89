import type { IncomingHttpHeaders } from "node:http";
import { setImmediate as nextTurn } from "node:timers/promises";
import { Agent, type Dispatcher } from "undici";
import { createGuardedDispatcher } from "../../platform/ssrf/guarded-dispatcher.ts";
import type { HostLookup } from "../../platform/ssrf/host-lookup.ts";
import type { HostRule } from "../../platform/ssrf/host-rules.ts";
import { endpointIdentity, type ModelEndpoint } from "./endpoint.ts";
import type { ConcurrencyLimits } from "./endpoint-limiter/concurrency-limits.ts";
import type { Release } from "./endpoint-limiter/endpoint-limiter.ts";
import { attemptCompletion, type CallTarget } from "./http-attempt.ts";
import { cancelledError, ModelCallError } from "./model-call-error.ts";
import {
  estimateQuotaTokens,
  type PacerClock,
  type PacerTicket,
  QuotaPacer,
} from "./pacing/quota-pacer.ts";
import { type RateLimitReading, readRateLimitHeaders } from "./pacing/rate-limit-headers.ts";
import { DEFAULT_PROFILE } from "./profiles/index.ts";
import { backoffDelayMs } from "./retry-policy.ts";

export interface Completion {
  /** The answer without its reasoning: what is scored. */
  content: string;
  reasoning: string | null;
  finishReason: string | null;
  /** `completionTokens` includes `reasoningTokens`, and both bill as output. */
  usage: { promptTokens: number; completionTokens: number; reasoningTokens: number };
  /** USD, when the endpoint's prices are known. */
  cost: number | null;
  /** Of the successful attempt only (queueing and retries excluded). */
  durationMs: number;
  attempts: number;
}

export interface CompleteOptions {
  signal?: AbortSignal;
  /**
   * The caller's requested concurrency (an evaluation's `concurrency`), the ceiling of the
   * endpoint's adaptive limit. Default 16. Callers asking different maxima of one endpoint share
   * the largest asked recently (see ConcurrencyLimits).
   */
  concurrency?: number;
}

export interface Gateway {
  /** One chat completion with retries; resolves or throws ModelCallError. */
  complete(
    endpoint: ModelEndpoint,
    body: Record<string, unknown>,
    options?: CompleteOptions,
  ): Promise<Completion>;
  /** Closes every connection; calls still in flight end with `cancelled`. */
  close(): Promise<void>;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface GatewayOptions {
  /** ALLOWED_MODEL_HOSTS: exemptions from the private-address refusal for untrusted endpoints. */
  allowedHosts: readonly HostRule[];
  /** Per attempt, headers and body together. Default 120 s. */
  requestTimeoutMs?: number;
  /** Default 10 s. */
  connectTimeoutMs?: number;
  /** Attempts per call, the first included. Default 5. */
  maxAttempts?: number;
  /** Backoff base and ceiling (full jitter on base·2^n). Defaults 500 ms and 30 s. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * The longest Retry-After honoured. An upstream asking for more ends the call instead: we
   * never retry earlier than asked, and never park a worker slot for an hour. Default 60 s.
   */
  maxRetryAfterMs?: number;
  /**
   * Extra attempts after a garbage 2xx body. One: a proxy's HTML error page is often a blip,
   * but an endpoint that keeps answering garbage is misconfigured and should not cost the full
   * retry budget per sample. Default 1.
   */
  badResponseRetries?: number;
  /** Default 8 MiB. */
  maxResponseBytes?: number;
  /** Sockets per origin for trusted endpoints (opened lazily). Default 1024, the API's max concurrency. */
  connectionsPerOrigin?: number;
  limiter?: ConcurrencyLimits;
  /** The quota pacers' clock (tests). */
  pacerClock?: PacerClock;
  sleep?: Sleep;
  random?: () => number;
  lookup?: HostLookup;
}

const DEFAULT_CONCURRENCY = 16;

export function createGateway(options: GatewayOptions): Gateway {
  const timeoutMs = options.requestTimeoutMs ?? 120_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
  };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const badResponseRetries = options.badResponseRetries ?? 1;
  const limits = { timeoutMs, maxResponseBytes: options.maxResponseBytes ?? 8 * 1024 * 1024 };
  const limiter = options.limiter;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;

  // Two dispatchers, never shared across policies (a kept-alive socket opened for a trusted
  // provider must not serve an untrusted URL). Each keeps one keep-alive pool per origin whose
  // sockets open lazily, so the per-endpoint limiter (or the caller's own bound) sizes the pool:
  // sockets ≈ concurrency, given the one-turn wait in complete() below. Untrusted endpoints go
  // through the guarded dispatcher, which checks every address at connect time.
  let trusted: Dispatcher | undefined;
  let guarded: Dispatcher | undefined;
  const dispatcherFor = (isTrusted: boolean): Dispatcher => {
    if (isTrusted) {
      trusted ??= new Agent({
        connections: options.connectionsPerOrigin ?? 1024,
        pipelining: 1,
        keepAliveTimeout: 10_000,
        // HTTP/1.1 keep-alive is the path measured in performance.md §2.2/§5.
        allowH2: false,
        connect: { timeout: connectTimeoutMs },
      });
      return trusted;
    }
    guarded ??= createGuardedDispatcher({
      rules: options.allowedHosts,
      connectTimeoutMs,
      lookup: options.lookup,
    });
    return guarded;
  };

  // One pacer per endpoint identity (URL + key), shared by every run this process calls it for:
  // the provider's quota is per key, so all of them draw from the same buckets.
  const pacers = new Map<string, QuotaPacer>();
  const pacerFor = (identity: string): QuotaPacer => {
    let pacer = pacers.get(identity);
    if (pacer === undefined) {
      pacer = new QuotaPacer({ clock: options.pacerClock });
      pacers.set(identity, pacer);
    }
    return pacer;
  };

  const targets = new WeakMap<ModelEndpoint, CallTarget>();
  const targetFor = (endpoint: ModelEndpoint): CallTarget => {
    let target = targets.get(endpoint);
    if (target === undefined) {
      target = resolveTarget(endpoint, dispatcherFor(endpoint.trusted));
      targets.set(endpoint, target);
    }
    return target;
  };

  let closed = false;
  // Ends backoff sleeps on close(), so a retry parked for 30 s does not hold up a shutdown.
  const shutdown = new AbortController();

  async function complete(
    endpoint: ModelEndpoint,
    body: Record<string, unknown>,
    callOptions: CompleteOptions = {},
  ): Promise<Completion> {
    const { signal } = callOptions;
    if (closed || signal?.aborted) throw cancelledError();
    const target = targetFor(endpoint);
    const payload = JSON.stringify(body);
    const identity = endpointIdentity(endpoint);
    const pacer = pacerFor(identity);
    const quotaTokens = estimateQuotaTokens(body);
    const maxLimit = callOptions.concurrency ?? DEFAULT_CONCURRENCY;
    let badResponses = 0;
    let reading: RateLimitReading | undefined;
    const onHeaders = (headers: IncomingHttpHeaders) => {
      reading = readRateLimitHeaders(headers);
    };

    for (let attempt = 1; ; attempt += 1) {
      // The quota first, then a concurrency slot: a call waiting for the provider's bucket to
      // refill holds no slot. Synchronous unless the endpoint's headers say to wait.
      const admitted = pacer.admit(quotaTokens, signal);
      const ticket: PacerTicket = admitted instanceof Promise ? await admitted : admitted;
      reading = undefined;
      // A slot per attempt, released before any backoff: sleeping retries hold no capacity.
      // Looked up per attempt, so a limiter released while we slept is never used.
      const endpointLimiter = limiter?.limiterFor(identity, maxLimit);
      const release: Release | undefined = await endpointLimiter?.acquire(signal);
      const started = performance.now();
      let error: ModelCallError;
      try {
        const parsed = await attemptCompletion(target, payload, limits, signal, onHeaders);
        const durationMs = performance.now() - started;
        pacer.observe(ticket, reading);
        endpointLimiter?.noteSuccess();
        const prices = endpoint.prices;
        return {
          content: parsed.content,
          reasoning: parsed.reasoning,
          finishReason: parsed.finishReason,
          usage: {
            promptTokens: parsed.promptTokens,
            completionTokens: parsed.completionTokens,
            reasoningTokens: parsed.reasoningTokens,
          },
          cost: prices
            ? parsed.promptTokens * prices.input + parsed.completionTokens * prices.output
            : null,
          durationMs,
          attempts: attempt,
        };
      } catch (caught) {
        error = caught as ModelCallError;
        pacer.observe(ticket, reading);
        if (error.code === "rate_limited") endpointLimiter?.noteRateLimited();
      } finally {
        // undici hands a kept-alive socket to the next request only one event-loop turn after
        // its response ended (client-h1 `setImmediate(resume)`, pipelining 1). A call started
        // sooner finds every socket busy and opens another: 2× the sockets for C slots. Waiting
        // that turn before the slot (and the caller) moves on keeps sockets ≈ concurrency.
        await nextTurn();
        release?.();
      }

      if (error.code === "bad_response") badResponses += 1;
      if (
        !error.retryable ||
        attempt >= maxAttempts ||
        (error.code === "bad_response" && badResponses > badResponseRetries)
      ) {
        throw error;
      }
      const asked = error.retryAfterMs;
      if (asked !== undefined && asked > maxRetryAfterMs) throw error;
      const delay = Math.max(backoffDelayMs(attempt, backoff, random), asked ?? 0);
      // Only retries get here: combining the signals costs nothing on the hot path.
      await sleep(delay, signal ? AbortSignal.any([signal, shutdown.signal]) : shutdown.signal);
      if (signal?.aborted || closed) throw cancelledError();
    }
  }

  return {
    complete,
    async close() {
      closed = true;
      shutdown.abort();
      for (const pacer of pacers.values()) pacer.rejectWaiting();
      await Promise.all([trusted?.destroy(), guarded?.destroy()]);
    },
  };
}

function resolveTarget(endpoint: ModelEndpoint, dispatcher: Dispatcher): CallTarget {
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    throw new ModelCallError("http_error", "the model URL is not a valid URL", {
      retryable: false,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ModelCallError("http_error", "the model URL must be http or https", {
      retryable: false,
    });
  }
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
  };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  return {
    dispatcher,
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    headers,
    apiKey: endpoint.apiKey || undefined,
    reading: endpoint.profile ?? DEFAULT_PROFILE,
  };
}

/** setTimeout that ends early, with `cancelled`, when the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
