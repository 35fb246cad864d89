import {
  APIConnectionError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { retryDelayMs } from "../src/core/retry-policy.ts";
import {
  HEALTH,
  HEALTHY,
  organizationReply,
  sleepRecorder,
  TRACE_UPLOAD_BODY,
  TRACE_UPLOAD_PATH,
  testClient,
  uploadUrlReply,
} from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

describe("retry count", () => {
  for (const status of [408, 429, 500, 502, 503, 504]) {
    it(`retries ${status} up to maxRetries (2 → 3 attempts)`, async () => {
      await using server = await startScriptedServer();
      server.on("GET", "/health", { status, body: { error: { message: "later" } } });
      const client = testClient(server, { maxRetries: 2 });
      await expect(client.request(routes.health)).rejects.toMatchObject({ statusCode: status });
      expect(server.requests).toHaveLength(3);
    });
  }

  it("makes one attempt with maxRetries 0", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 503 });
    const client = testClient(server, { maxRetries: 0 });
    await expect(client.request(routes.health)).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  it("defaults to 2 retries", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 500 });
    const client = testClient(server);
    expect(client.maxRetries).toBe(2);
    await expect(client.request(routes.health)).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
  });

  for (const [status, cls] of [
    [400, BadRequestError],
    [404, NotFoundError],
    [501, InternalServerError],
  ] as const) {
    it(`does not retry ${status}`, async () => {
      await using server = await startScriptedServer();
      server.on("GET", "/health", { status });
      const client = testClient(server, { maxRetries: 2 });
      await expect(client.request(routes.health)).rejects.toBeInstanceOf(cls);
      expect(server.requests).toHaveLength(1);
    });
  }

  it("returns the answer of a retry that succeeds", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 503 }, { status: 502 }, HEALTHY);
    const client = testClient(server);
    await expect(client.request(routes.health)).resolves.toEqual(HEALTH);
    expect(server.requests).toHaveLength(3);
  });

  it("retries a POST under one Idempotency-Key, so the service answers a repeat as the first", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("POST", TRACE_UPLOAD_PATH, { status: 500 }, uploadUrlReply());
    const client = testClient(server);
    const answer = await client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY });
    expect(answer.data.upload_id).toBe("upl-1");
    const posts = server.requestsTo("POST", TRACE_UPLOAD_PATH);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body.toString()).toBe(JSON.stringify(TRACE_UPLOAD_BODY));
    const key = posts[0]?.headers["idempotency-key"];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[1]?.headers["idempotency-key"]).toBe(key);

    // A new call is a new request: a new key. GETs carry none.
    await client.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY }).catch(() => {});
    const third = server.requestsTo("POST", TRACE_UPLOAD_PATH)[2];
    expect(third?.headers["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
    expect(third?.headers["idempotency-key"]).not.toBe(key);
    expect(
      server.requestsTo("GET", "/organizations")[0]?.headers["idempotency-key"],
    ).toBeUndefined();
  });

  it("retries a dropped connection, then succeeds", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { drop: true }, HEALTHY);
    const client = testClient(server);
    await expect(client.request(routes.health)).resolves.toEqual(HEALTH);
    expect(server.requests).toHaveLength(2);
  });

  it("raises APIConnectionError when every attempt is dropped", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { drop: true });
    const client = testClient(server, { maxRetries: 1 });
    const error = await client.request(routes.health).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).statusCode).toBeUndefined();
    expect((error as Error).message).toMatch(/^Connection error: /);
    expect(server.requests).toHaveLength(2);
  });
});

describe("retry delay", () => {
  it("honours a fractional Retry-After in seconds", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 429, headers: { "retry-after": "0.05" } }, HEALTHY);
    const recorder = sleepRecorder();
    const client = testClient(server, {}, { sleep: recorder.sleep, random: () => 0 });
    await client.request(routes.health);
    expect(recorder.sleeps).toEqual([50]);
  });

  it("really waits for Retry-After with the default sleep", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 503, headers: { "retry-after": "0.08" } }, HEALTHY);
    const client = testClient(server, {}, {});
    const started = performance.now();
    await client.request(routes.health);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(server.requests).toHaveLength(2);
  });

  it("falls back to backoff for a non-numeric or too long Retry-After", async () => {
    await using server = await startScriptedServer();
    server.on(
      "GET",
      "/health",
      { status: 429, headers: { "retry-after": "Wed, 21 Oct 2026 07:28:00 GMT" } },
      { status: 429, headers: { "retry-after": "61" } },
      { status: 429, headers: { "retry-after": "1.5s" } },
      HEALTHY,
    );
    const recorder = sleepRecorder();
    const client = testClient(
      server,
      { maxRetries: 3 },
      { sleep: recorder.sleep, random: () => 0 },
    );
    await client.request(routes.health);
    expect(recorder.sleeps).toEqual([500, 1000, 2000]);
  });

  it("doubles from 0.5 s up to 8 s without jitter when random() is 0", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 503 });
    const recorder = sleepRecorder();
    const client = testClient(
      server,
      { maxRetries: 6 },
      { sleep: recorder.sleep, random: () => 0 },
    );
    await expect(client.request(routes.health)).rejects.toBeInstanceOf(InternalServerError);
    expect(recorder.sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(server.requests).toHaveLength(7);
  });

  it("takes off at most 25% as jitter", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { drop: true });
    const recorder = sleepRecorder();
    const client = testClient(
      server,
      { maxRetries: 3 },
      { sleep: recorder.sleep, random: () => 1 },
    );
    await expect(client.request(routes.health)).rejects.toBeInstanceOf(APIConnectionError);
    expect(recorder.sleeps).toEqual([375, 750, 1500]);
  });

  it("stays within [75%, 100%] of the backoff with a real random source", () => {
    for (let retry = 0; retry < 8; retry++) {
      const base = Math.min(500 * 2 ** retry, 8000);
      for (let i = 0; i < 50; i++) {
        const delay = retryDelayMs(retry, undefined, Math.random);
        expect(delay).toBeGreaterThan(base * 0.75 - 1e-9);
        expect(delay).toBeLessThanOrEqual(base);
      }
    }
  });

  it("accepts Retry-After 0 and up to 60 s", () => {
    expect(retryDelayMs(3, { "retry-after": "0" }, () => 0)).toBe(0);
    expect(retryDelayMs(0, { "retry-after": "60" }, () => 0)).toBe(60_000);
    expect(retryDelayMs(0, { "retry-after": " 2.25 " }, () => 0)).toBe(2250);
    expect(retryDelayMs(0, { "retry-after": "-1" }, () => 0)).toBe(500);
  });
});

describe("caller abort", () => {
  it("stops during the wait between attempts, without another attempt", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 429, headers: { "retry-after": "5" } });
    const controller = new AbortController();
    const client = testClient(server, {}, {});
    const started = performance.now();
    setTimeout(() => controller.abort(), 30);
    const error = await client
      .request(routes.health, {}, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toBe("Request aborted by the caller's signal.");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(server.requests).toHaveLength(1);
  });
});
