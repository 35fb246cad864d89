import { Client } from "@assay/client";
import { RateLimitError } from "@assay/client/errors";
import { routes } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleepRecorder } from "../support/fixtures.ts";
import { REQUEST_ID, recordingFetch } from "./real-server.ts";

/**
 * The server's per-key token bucket (429 with a numeric Retry-After) as the client sees it. Two
 * real servers: one whose budget never comes back within a test, one that refills in a second.
 */

let stingy: TestService;
let quick: TestService;
beforeAll(async () => {
  [stingy, quick] = await Promise.all([
    startTestService({
      env: { ASSAY_RATE_LIMIT_BURST: "3", ASSAY_RATE_LIMIT_PER_SECOND: "0.001" },
    }),
    startTestService({
      env: { ASSAY_RATE_LIMIT_BURST: "1", ASSAY_RATE_LIMIT_PER_SECOND: "2" },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([stingy?.close(), quick?.close()]);
});

describe("rate limiting by a real server", () => {
  it("raises RateLimitError on the call over the burst, with the server's Retry-After", async () => {
    const recorder = recordingFetch();
    const waits = sleepRecorder();
    const client = new Client(
      { apiKey: stingy.apiKey, baseURL: stingy.apiUrl, fetch: recorder.fetch, maxRetries: 0 },
      { sleep: waits.sleep, random: () => 0 },
    );
    for (let i = 0; i < 3; i++) await client.request(routes.getOrganization);

    const error = await client.request(routes.getOrganization).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    const limited = error as RateLimitError;
    expect(limited.statusCode).toBe(429);
    const retryAfter = limited.headers["retry-after"] as string;
    // 1 token at 0.001 per second: about 1000 s (a little less once a fraction has refilled).
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(990);
    expect(Number(retryAfter)).toBeLessThanOrEqual(1000);
    expect(limited.message).toBe(`Error code: 429 - rate limit exceeded; retry in ${retryAfter} s`);
    expect(limited.body).toEqual({
      message: `rate limit exceeded; retry in ${retryAfter} s`,
      code: "RATE_LIMITED",
    });
    expect(limited.headers["x-ratelimit-limit"]).toBe("3");
    expect(limited.requestId).toMatch(REQUEST_ID);
    expect(recorder.requests).toHaveLength(4);
    expect(waits.sleeps).toEqual([]);

    // One retry: a Retry-After over 60 s is not waited for; the usual backoff (0.5 s) is.
    const error2 = await client
      .withOptions({ maxRetries: 1 })
      .request(routes.getOrganization)
      .catch((e: unknown) => e);
    expect(error2).toBeInstanceOf(RateLimitError);
    expect(recorder.requests).toHaveLength(6);
    expect(waits.sleeps).toEqual([500]);
  });

  it("waits the server's numeric Retry-After, and the retry gets through", async () => {
    const recorder = recordingFetch();
    const waits = sleepRecorder({ wait: true });
    const client = new Client(
      { apiKey: quick.apiKey, baseURL: quick.apiUrl, fetch: recorder.fetch, maxRetries: 1 },
      { sleep: waits.sleep, random: () => 0 },
    );
    await client.request(routes.getOrganization); // the whole burst of 1

    const { data } = await client.request(routes.getOrganization);
    expect(data.name).toBe("Default Organization");
    // 1 token at 2 per second: Retry-After 1 (whole seconds, rounded up), waited as 1000 ms.
    expect(waits.sleeps).toEqual([1000]);
    expect(recorder.requests).toEqual([
      "GET /api/v1/organizations",
      "GET /api/v1/organizations",
      "GET /api/v1/organizations",
    ]);
  });
});
