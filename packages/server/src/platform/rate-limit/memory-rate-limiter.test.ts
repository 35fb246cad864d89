import { describe, expect, it } from "vitest";
import type { Clock } from "../clock.ts";
import { createMemoryRateLimiter } from "./memory-rate-limiter.ts";

function manualClock(): Clock & { advance(ms: number): void } {
  let now = Date.parse("2026-01-01T00:00:00Z");
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe("memory token bucket", () => {
  it("allows the burst, then refills at the rate, never above the burst", async () => {
    const clock = manualClock();
    const limiter = createMemoryRateLimiter({ perSecond: 2, burst: 3 }, clock);
    const first = await Promise.all([1, 2, 3, 4].map(() => limiter.take("k")));
    expect(first.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(first.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(first[3]?.retryAfterSeconds).toBe(1);

    clock.advance(500);
    expect((await limiter.take("k")).allowed).toBe(true);
    expect((await limiter.take("k")).allowed).toBe(false);

    clock.advance(60_000);
    const after = await Promise.all([1, 2, 3, 4].map(() => limiter.take("k")));
    expect(after.map((d) => d.allowed)).toEqual([true, true, true, false]);
  });

  it("computes Retry-After from the deficit, in whole seconds", async () => {
    const limiter = createMemoryRateLimiter({ perSecond: 0.1, burst: 1 }, manualClock());
    await limiter.take("k");
    expect((await limiter.take("k")).retryAfterSeconds).toBe(10);
  });

  it("keeps keys apart", async () => {
    const limiter = createMemoryRateLimiter({ perSecond: 1, burst: 1 }, manualClock());
    expect((await limiter.take("a")).allowed).toBe(true);
    expect((await limiter.take("b")).allowed).toBe(true);
    expect((await limiter.take("a")).allowed).toBe(false);
  });
});
