import { describe, expect, it } from "vitest";
import { backoffDelayMs, parseDuration, retryAfterMs } from "./retry-policy.ts";

describe("backoffDelayMs", () => {
  it("draws uniformly below base·2^(n-1), capped", () => {
    const options = { baseDelayMs: 500, maxDelayMs: 30_000 };
    expect(backoffDelayMs(1, options, () => 0.999_999)).toBe(499);
    expect(backoffDelayMs(3, options, () => 0.5)).toBe(1000);
    expect(backoffDelayMs(10, options, () => 0.999_999)).toBe(29_999);
    expect(backoffDelayMs(4, options, () => 0)).toBe(0);
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");

  it("reads seconds, HTTP dates and retry-after-ms", () => {
    expect(retryAfterMs({ "retry-after": "1" }, 429, now)).toBe(1000);
    expect(retryAfterMs({ "retry-after": "1.5" }, 503, now)).toBe(1500);
    expect(retryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }, 429, now)).toBe(30_000);
    expect(retryAfterMs({ "retry-after": "Wed, 31 Dec 2025 00:00:00 GMT" }, 429, now)).toBe(0);
    expect(retryAfterMs({ "retry-after-ms": "250", "retry-after": "1" }, 429, now)).toBe(250);
    expect(retryAfterMs({ "retry-after": "soon" }, 429, now)).toBeUndefined();
    expect(retryAfterMs({}, 429, now)).toBeUndefined();
  });

  it("falls back to x-ratelimit-reset-* on a 429 only, taking the longest", () => {
    const headers = { "x-ratelimit-reset-requests": "1s", "x-ratelimit-reset-tokens": "6m0s" };
    expect(retryAfterMs(headers, 429, now)).toBe(360_000);
    expect(retryAfterMs(headers, 503, now)).toBeUndefined();
  });
});

describe("parseDuration", () => {
  it("parses Go-style durations", () => {
    expect(parseDuration("120ms")).toBe(120);
    expect(parseDuration("1h2m3.5s")).toBe(3_723_500);
    expect(parseDuration("2")).toBe(2000);
    expect(parseDuration("1 s")).toBeUndefined();
    expect(parseDuration("abc")).toBeUndefined();
  });
});
