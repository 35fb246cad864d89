import {
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { TestClock } from "@assay/test-kit/test-clock.ts";
import { virtualClock } from "@assay/test-kit/virtual-clock.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ModelEndpoint } from "../../src/engine/gateway/endpoint.ts";
import { createConcurrencyLimits } from "../../src/engine/gateway/endpoint-limiter/concurrency-limits.ts";
import { createInMemoryCoordinator } from "../../src/engine/gateway/endpoint-limiter/in-memory-coordinator.ts";
import { createFailFast } from "../../src/engine/gateway/fail-fast.ts";
import {
  abortableSleep,
  createGateway,
  type Gateway,
  type GatewayOptions,
} from "../../src/engine/gateway/gateway.ts";
import { cancelledError, ModelCallError } from "../../src/engine/gateway/model-call-error.ts";
import { estimateQuotaTokens } from "../../src/engine/gateway/pacing/quota-pacer.ts";
import { buildRequestBody } from "../../src/engine/gateway/request-body.ts";
import { parseHostRule } from "../../src/platform/ssrf/host-rules.ts";

const API_KEY = "sk-test-0123456789abcdef";

let server: FakeModelServer;
let gateways: Gateway[] = [];
let sleeps: number[] = [];

const recordSleep = async (ms: number) => {
  sleeps.push(ms);
};

/** Backoffs begun by sleepUntilAborted. */
let backoffs = 0;

/** A backoff that never ends by itself: only its signal (the caller's, or close()) ends it. */
const sleepUntilAborted = (_ms: number, signal?: AbortSignal) =>
  new Promise<void>((_, reject) => {
    backoffs += 1;
    if (signal?.aborted) reject(cancelledError());
    signal?.addEventListener("abort", () => reject(cancelledError()), { once: true });
  });

function gatewayWith(options: Partial<GatewayOptions> = {}): Gateway {
  const gateway = createGateway({ allowedHosts: [], sleep: recordSleep, ...options });
  gateways.push(gateway);
  return gateway;
}

function endpoint(overrides: Partial<ModelEndpoint> = {}): ModelEndpoint {
  return {
    url: server.chatUrl,
    apiKey: API_KEY,
    model: "fake-model",
    maxTokens: 64,
    trusted: true,
    ...overrides,
  };
}

function question(id = 0) {
  return [{ role: "user" as const, content: makeArithmeticItem(id, 42).question }];
}

function bodyFor(target: ModelEndpoint, id = 0) {
  return buildRequestBody(target, question(id));
}

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ModelCallError);
    return error as ModelCallError;
  }
  throw new Error("expected the call to fail");
}

beforeEach(async () => {
  server = await startFakeModelServer({ captureBodies: true });
  sleeps = [];
  backoffs = 0;
});

afterEach(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  gateways = [];
  await server.close();
});

describe("model gateway against a real socket", () => {
  it("returns content, usage and cost, and sends the API key as a bearer token", async () => {
    let authorization: string | undefined;
    server.setBehavior(({ headers }) => {
      authorization = headers.authorization;
      return {
        content: "Let me add.\n#### 42",
        usage: { prompt_tokens: 30, completion_tokens: 12 },
      };
    });
    const target = endpoint({ prices: { input: 0.000001, output: 0.000002 } });
    const completion = await gatewayWith().complete(target, bodyFor(target));

    expect(completion).toMatchObject({
      content: "Let me add.\n#### 42",
      finishReason: "stop",
      usage: { promptTokens: 30, completionTokens: 12 },
      attempts: 1,
    });
    expect(completion.cost).toBeCloseTo(30 * 0.000001 + 12 * 0.000002, 12);
    expect(completion.durationMs).toBeGreaterThan(0);
    expect(authorization).toBe(`Bearer ${API_KEY}`);

    const free = await gatewayWith().complete(endpoint({ prices: null }), bodyFor(target));
    expect(free.cost).toBeNull();
  });

  it("sends the request body merged with the extra payload; reserved keys never win", async () => {
    const target = endpoint({
      extraPayload: {
        model: "other-model",
        messages: [{ role: "user", content: "injected" }],
        stream: true,
        temperature: 0.7,
        response_format: { type: "json_object" },
        metadata: { tags: ["a", "b"], nested: { depth: 2 } },
      },
    });
    await gatewayWith().complete(target, bodyFor(target, 7));

    expect(server.stats().bodies).toEqual([
      {
        model: "fake-model",
        messages: question(7),
        max_tokens: 64,
        temperature: 0.7,
        response_format: { type: "json_object" },
        metadata: { tags: ["a", "b"], nested: { depth: 2 } },
      },
    ]);
  });

  it("honours Retry-After on a 429: the retry waits what the header says", async () => {
    server.setBehavior(({ index }) =>
      index === 0
        ? {
            status: 429,
            headers: { "retry-after": "1" },
            body: { error: { message: "slow down" } },
          }
        : { content: "ok" },
    );
    // A tiny backoff: only the header can explain a one-second wait.
    const completion = await gatewayWith({ baseDelayMs: 5 }).complete(
      endpoint(),
      bodyFor(endpoint()),
    );
    expect(completion.attempts).toBe(2);
    expect(sleeps).toEqual([1000]);
  });

  it("paces the retry after a 429 by the x-ratelimit headers, shared by the endpoint's calls", async () => {
    server.setBehavior(({ index }) =>
      index === 0
        ? {
            status: 429,
            headers: {
              "retry-after": "0",
              "x-ratelimit-limit-tokens": "6000",
              "x-ratelimit-remaining-tokens": "0",
              "x-ratelimit-reset-tokens": "1m0s",
            },
            body: { error: { message: "Rate limit reached for tokens per min (TPM)" } },
          }
        : { content: "ok" },
    );
    const clock = virtualClock();
    const gateway = gatewayWith({ pacerClock: clock });
    const target = endpoint();
    const body = bodyFor(target);
    const call = gateway.complete(target, body);
    // The retry waits for the quota (a pacer timer), not for a second request.
    while (clock.pending() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(server.stats().requests).toBe(1);
    // A second run's call to the same endpoint queues behind it.
    const other = gateway.complete(endpoint(), body);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.stats().requests).toBe(1);
    await clock.run();
    expect((await call).attempts).toBe(2);
    expect((await other).attempts).toBe(1);
    // Empty bucket, 6000 per minute (0.1 per ms): the first leaves when its estimate plus the
    // 1 % margin (60) has refilled, the second when its own estimate has, on top.
    const cost = estimateQuotaTokens(body);
    expect(Math.abs(clock.now() - (2 * cost + 60) * 10)).toBeLessThanOrEqual(2);
  });

  it("never sleeps less than Retry-After, and gives up when it asks for more than the cap", async () => {
    server.setBehavior(({ index }) =>
      index === 0 ? { status: 503, headers: { "retry-after": "2" } } : { content: "ok" },
    );
    await gatewayWith().complete(endpoint(), bodyFor(endpoint()));
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(2000);

    server.reset();
    server.setBehavior(() => ({ status: 429, headers: { "retry-after": "3600" } }));
    const error = await failure(gatewayWith().complete(endpoint(), bodyFor(endpoint())));
    expect(error).toMatchObject({ code: "rate_limited", status: 429, retryable: true });
    expect(server.stats().requests).toBe(1);
  });

  it("retries a 500 and succeeds", async () => {
    server.setBehavior(({ index }) =>
      index === 0 ? { status: 500, body: { error: { message: "internal" } } } : { content: "fine" },
    );
    const completion = await gatewayWith().complete(endpoint(), bodyFor(endpoint()));
    expect(completion).toMatchObject({ content: "fine", attempts: 2 });
    expect(sleeps).toHaveLength(1);
  });

  it("backs off exponentially with full jitter, capped", async () => {
    server.setBehavior(() => ({ status: 502 }));
    const gateway = gatewayWith({ random: () => 0.999, baseDelayMs: 100, maxDelayMs: 500 });
    const error = await failure(gateway.complete(endpoint(), bodyFor(endpoint())));
    expect(error).toMatchObject({ code: "server_error", status: 502, retryable: true });
    expect(server.stats().requests).toBe(5);
    expect(sleeps).toEqual([99, 199, 399, 499]);
  });

  // An endpoint that never answers ends only by the timeout: no clock is needed to see it fire.
  // How close to requestTimeoutMs it fires is bench/timings.ts's to measure.
  it("times out a hanging endpoint per attempt, retries, then fails with timeout", async () => {
    server.setBehavior(() => ({ hang: true }));
    const gateway = gatewayWith({ requestTimeoutMs: 200, maxAttempts: 3 });
    const error = await failure(gateway.complete(endpoint(), bodyFor(endpoint())));
    expect(error).toMatchObject({ code: "timeout", retryable: true });
    expect(server.stats().requests).toBe(3);
  });

  it("ends a slowloris body at the total timeout", async () => {
    // A byte every 20 ms, forever: a between-chunks timeout alone would never end it.
    server.setBehavior(() => ({ drip: true, intervalMs: 20 }));
    const gateway = gatewayWith({ requestTimeoutMs: 300, maxAttempts: 1 });
    const error = await failure(gateway.complete(endpoint(), bodyFor(endpoint())));
    expect(error.code).toBe("timeout");
  });

  it("retries a non-JSON body once, then fails with bad_response", async () => {
    server.setBehavior(() => ({ raw: "<html><body>502 Bad Gateway</body></html>" }));
    const error = await failure(gatewayWith().complete(endpoint(), bodyFor(endpoint())));
    expect(error).toMatchObject({ code: "bad_response", retryable: true });
    expect(error.message).toContain("not JSON");
    expect(error.message).toContain("502 Bad Gateway");
    expect(server.stats().requests).toBe(2);
  });

  it("fails a response without choices or with null content", async () => {
    server.setBehavior(() => ({ status: 200, body: { object: "chat.completion" } }));
    const shapeless = await failure(gatewayWith().complete(endpoint(), bodyFor(endpoint())));
    expect(shapeless).toMatchObject({ code: "bad_response" });

    server.reset();
    server.setBehavior(() => ({ content: null, finishReason: "content_filter" }));
    const empty = await failure(gatewayWith().complete(endpoint(), bodyFor(endpoint())));
    expect(empty).toMatchObject({ code: "bad_response", retryable: false });
    expect(empty.message).toContain("content_filter");
    expect(server.stats().requests).toBe(1);
  });

  it("does not retry a 401, never echoes the key, and fail-fast trips after five", async () => {
    server.setBehavior(({ headers }) => ({
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${headers.authorization?.slice(7)}`,
          type: "invalid_request_error",
        },
      },
    }));
    const gateway = gatewayWith();
    const failFast = createFailFast({ threshold: 5 });
    const reasons: (string | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) {
      const error = await failure(gateway.complete(endpoint(), bodyFor(endpoint(), i)));
      expect(error).toMatchObject({ code: "http_error", status: 401, retryable: false });
      expect(error.message).not.toContain(API_KEY);
      expect(error.message).toContain("401");
      expect(error.message).toContain("Incorrect API key provided: [redacted]");
      reasons.push(failFast.record({ ok: false, error }));
    }
    expect(server.stats().requests).toBe(5);
    expect(sleeps).toHaveLength(0);
    expect(reasons.slice(0, 4)).toEqual([undefined, undefined, undefined, undefined]);
    expect(reasons[4]).toBe(
      "the model endpoint answered 401 five times in a row: Incorrect API key provided: [redacted]",
    );
    expect(failFast.tripped).toBe(true);
  });

  it("retries a connection reset, before the headers and in the middle of the body", async () => {
    server.setBehavior(({ index }) =>
      index === 0
        ? { destroy: true }
        : index === 1
          ? { destroy: true, partial: '{"choices":[' }
          : { content: "after reset" },
    );
    const completion = await gatewayWith().complete(endpoint(), bodyFor(endpoint()));
    expect(completion).toMatchObject({ content: "after reset", attempts: 3 });
  });

  it("gives up on connection errors after maxAttempts", async () => {
    const closed = await startFakeModelServer();
    const url = closed.chatUrl;
    await closed.close();
    const error = await failure(
      gatewayWith({ maxAttempts: 2 }).complete(endpoint({ url }), bodyFor(endpoint())),
    );
    expect(error).toMatchObject({ code: "connection", retryable: true });
    expect(error.message).toContain("ECONNREFUSED");
    expect(sleeps).toHaveLength(1);
  });

  // Calls that hang and backoffs that never end by themselves (sleepUntilAborted): only the
  // signal, or close(), can end them, so no clock is needed to see that they do.
  it("cancels when the signal aborts, in flight or during a backoff", async () => {
    server.setBehavior(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(
      gatewayWith().complete(endpoint(), bodyFor(endpoint()), { signal: controller.signal }),
    );
    expect(error.code).toBe("cancelled");
    await expect.poll(() => server.stats().inFlight).toBe(0);

    server.setBehavior(() => ({ status: 500 }));
    const during = new AbortController();
    const real = gatewayWith({ sleep: sleepUntilAborted });
    const pending = failure(
      real.complete(endpoint(), bodyFor(endpoint()), { signal: during.signal }),
    );
    await expect.poll(() => server.stats().requests).toBe(2);
    during.abort();
    expect((await pending).code).toBe("cancelled");

    const already = await failure(
      real.complete(endpoint(), bodyFor(endpoint()), { signal: AbortSignal.abort() }),
    );
    expect(already.code).toBe("cancelled");
  });

  it("sleeps its backoffs on a timer the signal cancels", async () => {
    const stop = new AbortController();
    const sleeping = abortableSleep(3_600_000, stop.signal).then(
      () => "slept",
      (error: ModelCallError) => error.code,
    );
    stop.abort();
    expect(await sleeping).toBe("cancelled");
    await expect(abortableSleep(0)).resolves.toBeUndefined();
  });

  it("close() ends calls in flight and in backoff with cancelled", async () => {
    server.setBehavior(({ index }) => (index === 0 ? { hang: true } : { status: 503 }));
    const gateway = gatewayWith({ sleep: sleepUntilAborted });
    const hanging = failure(gateway.complete(endpoint(), bodyFor(endpoint())));
    const sleeping = failure(gateway.complete(endpoint(), bodyFor(endpoint())));
    await expect.poll(() => server.stats().requests).toBe(2);
    await expect.poll(() => backoffs).toBe(1);
    await gateway.close();
    expect((await hanging).code).toBe("cancelled");
    expect((await sleeping).code).toBe("cancelled");
    expect((await failure(gateway.complete(endpoint(), bodyFor(endpoint())))).code).toBe(
      "cancelled",
    );
  });

  it("aborts a response larger than the byte cap, with or without Content-Length", async () => {
    server.setBehavior(() => ({ content: "x".repeat(4096) }));
    const gateway = gatewayWith({ maxResponseBytes: 1024 });
    const declared = await failure(gateway.complete(endpoint(), bodyFor(endpoint())));
    expect(declared).toMatchObject({ code: "bad_response", retryable: false });
    expect(declared.message).toContain("exceeded 1 KiB");

    server.setBehavior(() => ({ raw: "y".repeat(64 * 1024), chunked: true }));
    const chunked = await failure(gateway.complete(endpoint(), bodyFor(endpoint())));
    expect(chunked).toMatchObject({ code: "bad_response", retryable: false });
    expect(server.stats().requests).toBe(2);
  });

  it("does not follow redirects", async () => {
    const elsewhere = await startFakeModelServer();
    try {
      server.setBehavior(() => ({ status: 302, headers: { location: elsewhere.chatUrl } }));
      const error = await failure(gatewayWith().complete(endpoint(), bodyFor(endpoint())));
      expect(error).toMatchObject({ code: "http_error", status: 302, retryable: false });
      expect(elsewhere.stats().requests).toBe(0);
      expect(elsewhere.stats().connections).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it("refuses an untrusted endpoint on loopback unless a host rule allows it", async () => {
    const untrusted = endpoint({ trusted: false });
    const blocked = await failure(gatewayWith().complete(untrusted, bodyFor(untrusted)));
    expect(blocked).toMatchObject({ code: "blocked", retryable: false });
    expect(blocked.message).toBe(
      "connection refused: the model endpoint resolves to a blocked address; to allow it: ALLOWED_MODEL_HOSTS is a setting of the service (its environment or .env): add the host there and restart the service",
    );
    expect(server.stats().connections).toBe(0);

    const byName = endpoint({
      trusted: false,
      url: `http://localhost:${server.port}/v1/chat/completions`,
    });
    const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
    const named = await failure(gatewayWith({ lookup }).complete(byName, bodyFor(byName)));
    expect(named.code).toBe("blocked");
    expect(server.stats().connections).toBe(0);

    const allowed = gatewayWith({ allowedHosts: [parseHostRule("127.0.0.1")] });
    expect((await allowed.complete(untrusted, bodyFor(untrusted))).attempts).toBe(1);
    // The trusted path is not subject to the policy at all.
    expect((await gatewayWith().complete(endpoint(), bodyFor(endpoint()))).attempts).toBe(1);
  });

  it("keeps the endpoint's in-flight calls at the cap across 200 concurrent calls", async () => {
    const limits = createConcurrencyLimits({ coordinator: createInMemoryCoordinator() });
    const latency = await startFakeModelServer({ latencyMs: 10 });
    try {
      const gateway = gatewayWith({ limiter: limits });
      const target = endpoint({ url: latency.chatUrl });
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          gateway.complete(target, bodyFor(target, i), { concurrency: 8 }),
        ),
      );
      const correct = results.filter((r, i) =>
        r.content.endsWith(`#### ${makeArithmeticItem(i, 42).answer}`),
      ).length;
      expect(correct).toBe(150);
      const stats = latency.stats();
      expect(stats.requests).toBe(200);
      expect(stats.maxInFlight).toBe(8);
      expect(stats.connections).toBeLessThanOrEqual(8 + 2);
      expect(stats.badRequests).toBe(0);
    } finally {
      await limits.close();
      await latency.close();
    }
  });

  it("cuts the endpoint's limit on 429s and grows it back (in-memory AIMD)", async () => {
    const clock = new TestClock();
    const coordinator = createInMemoryCoordinator({ clock });
    const limits = createConcurrencyLimits({ coordinator, syncIntervalMs: 10_000 });
    try {
      server.setBehavior(({ index }) =>
        index < 3 ? { status: 429, headers: { "retry-after": "0" } } : { content: "ok" },
      );
      const gateway = gatewayWith({ limiter: limits });
      const completion = await gateway.complete(endpoint(), bodyFor(endpoint()), {
        concurrency: 16,
      });
      expect(completion.attempts).toBe(4);
      await limits.sync();
      // Three 429s inside the cooldown are one episode: one cut.
      expect(limits.snapshot()).toMatchObject([{ maxLimit: 16, cap: 8, limit: 8 }]);

      clock.advance(1000);
      await limits.sync();
      expect(limits.snapshot()[0]?.cap).toBe(9);

      clock.advance(60_000);
      await limits.sync();
      expect(limits.snapshot()[0]?.cap).toBe(16);
    } finally {
      await limits.close();
    }
  });
});
