import { PublicClient } from "@assay/client";
import { APIConnectionError, APITimeoutError, ServiceError } from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import {
  HEALTH,
  organizationReply,
  sleepRecorder,
  TRACE_UPLOAD_BODY,
  TRACE_UPLOAD_PATH,
  testClient,
  testPublicClient,
  uploadUrlReply,
} from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

const SLOW = { body: HEALTH, delayMs: 300 };

describe("timeouts", () => {
  it("default to 10 minutes", async () => {
    await using server = await startScriptedServer();
    expect(testClient(server).timeout).toBe(600_000);
  });

  it("raise APITimeoutError after maxRetries + 1 attempts", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", SLOW);
    const recorder = sleepRecorder();
    // Attempts are counted where the client makes them: on a busy machine an attempt can time
    // out before the server has even accepted its connection, so the server may see fewer.
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    const client = testClient(
      server,
      { timeout: 50, maxRetries: 2, fetch: counting },
      { sleep: recorder.sleep },
    );
    const error = await client.request(routes.health).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe("Request timed out after 50 ms.");
    expect(attempts).toBe(3);
    expect(recorder.sleeps).toHaveLength(2);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it("let a per-request timeout override the client's, both ways", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { body: HEALTH, delayMs: 100 });
    const patient = testClient(server, { timeout: 5_000, maxRetries: 0 });
    await expect(patient.request(routes.health, {}, { timeout: 30 })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
    const hasty = testClient(server, { timeout: 30, maxRetries: 0 });
    await expect(hasty.request(routes.health, {}, { timeout: 2_000 })).resolves.toEqual(HEALTH);
    await expect(hasty.request(routes.health)).rejects.toBeInstanceOf(APITimeoutError);
    expect(server.requests).toHaveLength(3);
  });

  it("let a per-request maxRetries override the client's", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 503 });
    const client = testClient(server, { maxRetries: 2 });
    await expect(client.request(routes.health, {}, { maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(server.requests).toHaveLength(1);
  });

  it("refuse invalid values before any request", async () => {
    await using server = await startScriptedServer();
    expect(() => testClient(server, { timeout: 0 })).toThrow(ServiceError);
    expect(() => testClient(server, { timeout: Number.POSITIVE_INFINITY })).toThrow(ServiceError);
    expect(() => testClient(server, { maxRetries: -1 })).toThrow(ServiceError);
    expect(() => testClient(server, { maxRetries: 1.5 })).toThrow(ServiceError);
    await expect(
      testClient(server).request(routes.health, {}, { timeout: -5 }),
    ).rejects.toBeInstanceOf(ServiceError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("caller signal", () => {
  it("aborts an attempt in flight at once, without retrying", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { body: HEALTH, delayMs: 2_000 });
    const client = testClient(server, { maxRetries: 2 });
    const controller = new AbortController();
    const reason = new Error("user gave up");
    setTimeout(() => controller.abort(reason), 30);
    const started = performance.now();
    const error = await client
      .request(routes.health, {}, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as Error).cause).toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  it("sends nothing when already aborted", async () => {
    await using server = await startScriptedServer();
    const client = testClient(server);
    await expect(
      client.request(routes.health, {}, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("withOptions", () => {
  it("returns a view with its own timeout and maxRetries", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", SLOW);
    const client = testClient(server, { timeout: 5_000, maxRetries: 2 });
    const view = client.withOptions({ timeout: 40, maxRetries: 1 });
    expect(view).not.toBe(client);
    expect([view.timeout, view.maxRetries]).toEqual([40, 1]);
    expect([client.timeout, client.maxRetries]).toEqual([5_000, 2]);
    expect(view.baseURL).toBe(client.baseURL);
    await expect(view.request(routes.health)).rejects.toBeInstanceOf(APITimeoutError);
    expect(server.requests).toHaveLength(2);
    // Options left out are inherited.
    expect(view.withOptions({ maxRetries: 0 }).timeout).toBe(40);
  });

  it("shares the key, the fetch and the organization with its parent", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", { ...organizationReply(), delayMs: 30 });
    server.on("POST", TRACE_UPLOAD_PATH, uploadUrlReply());
    const calls: string[] = [];
    const client = testClient(server, {
      fetch: (input, init) => {
        calls.push(input);
        return fetch(input, init);
      },
    });
    const view = client.withOptions({ maxRetries: 0 });
    // A lookup started by the parent is awaited, not repeated, by the view.
    const [fromParent, fromView] = await Promise.all([
      client.init(),
      view.request(routes.createTraceUpload, { body: TRACE_UPLOAD_BODY }),
    ]);
    expect(fromParent.project.id).toBe("proj-1");
    expect(fromView.data.upload_id).toBe("upl-1");
    expect(view.organizationId).toBe("org-1");
    expect(view.projectId).toBe("proj-1");
    expect(server.requestsTo("GET", "/organizations")).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(server.requests.map((r) => r.headers["x-api-key"])).toEqual([
      "test-key-123",
      "test-key-123",
    ]);
    // A view of a view still shares the state.
    expect(view.withOptions({ timeout: 1_000 }).projectId).toBe("proj-1");
  });

  it("works the same for PublicClient", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/health", { status: 503 });
    const view = testPublicClient(server, { maxRetries: 2 }).withOptions({ maxRetries: 0 });
    expect(view).toBeInstanceOf(PublicClient);
    await expect(view.request(routes.health)).rejects.toMatchObject({ statusCode: 503 });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers["x-api-key"]).toBe("test-key-123");
  });
});
