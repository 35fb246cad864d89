import { describe, expect, it, vi } from "vitest";
import { EndpointLimiter, type Release } from "./endpoint-limiter.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("endpoint limiter", () => {
  it("holds every call while the cap is 0 and asks for a grant once per waiter", async () => {
    const onStarved = vi.fn();
    const limiter = new EndpointLimiter({ onStarved });
    let granted = false;
    const pending = limiter.acquire().then((release) => {
      granted = true;
      return release;
    });
    await tick();
    expect(granted).toBe(false);
    expect(onStarved).toHaveBeenCalledTimes(1);
    expect(limiter.waiting).toBe(1);
    expect(limiter.demand).toBe(1);

    limiter.setCap(1);
    (await pending)();
    expect(limiter.inFlight).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it("grants in FIFO order and never more than the cap", async () => {
    const limiter = new EndpointLimiter();
    limiter.setCap(2);
    const order: number[] = [];
    const releases: Release[] = [];
    const calls = [0, 1, 2, 3, 4].map((i) =>
      limiter.acquire().then((release) => {
        order.push(i);
        releases.push(release);
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(limiter.inFlight).toBe(2);
    expect(limiter.waiting).toBe(3);

    releases[1]!();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    releases[0]!();
    releases[2]!();
    await tick();
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.inFlight).toBe(2);
    releases[3]!();
    releases[4]!();
    await Promise.all(calls);
    expect(limiter.inFlight).toBe(0);
  });

  it("lowering the cap keeps calls in flight and holds new ones until below it", async () => {
    const limiter = new EndpointLimiter();
    limiter.setCap(3);
    const held = await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    limiter.setCap(1);
    expect(limiter.inFlight).toBe(3);
    let started = false;
    const next = limiter.acquire().then((release) => {
      started = true;
      return release;
    });
    held[0]!();
    held[1]!();
    await tick();
    expect(started).toBe(false);
    held[2]!();
    (await next)();
    expect(started).toBe(true);
  });

  it("drops an aborted waiter without taking a slot", async () => {
    const limiter = new EndpointLimiter();
    limiter.setCap(1);
    const first = await limiter.acquire();
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal);
    const after = limiter.acquire();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ code: "cancelled" });
    expect(limiter.waiting).toBe(1);
    first();
    (await after)();
    expect(limiter.inFlight).toBe(0);
    await expect(limiter.acquire(AbortSignal.abort())).resolves.toBeTypeOf("function");
  });

  it("reports a rate-limit episode once per period", () => {
    const onRateLimited = vi.fn();
    const limiter = new EndpointLimiter({ onRateLimited });
    limiter.noteRateLimited();
    limiter.noteRateLimited();
    limiter.noteSuccess();
    expect(onRateLimited).toHaveBeenCalledTimes(1);
    expect(limiter.takePeriod()).toEqual({ rateLimited: true, successes: 1 });
    expect(limiter.takePeriod()).toEqual({ rateLimited: false, successes: 0 });
    limiter.noteRateLimited();
    expect(onRateLimited).toHaveBeenCalledTimes(2);
  });

  it("rejects waiting calls on shutdown", async () => {
    const limiter = new EndpointLimiter();
    const waiting = limiter.acquire();
    limiter.rejectWaiting();
    await expect(waiting).rejects.toMatchObject({ code: "cancelled" });
    expect(limiter.waiting).toBe(0);
  });
});
