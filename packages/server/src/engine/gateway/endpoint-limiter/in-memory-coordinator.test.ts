import { describe, expect, it } from "vitest";
import type { EndpointReport } from "../../../platform/concurrency-coordinator/coordinator.ts";
import { createInMemoryCoordinator } from "./in-memory-coordinator.ts";

/** A clock that moves only when told to: real time passing under load must not grow limits. */
class TestClock {
  #at = Date.parse("2026-01-01T00:00:00Z");
  now(): Date {
    return new Date(this.#at);
  }
  advance(ms: number): void {
    this.#at += ms;
  }
}

const report = (overrides: Partial<EndpointReport> = {}): EndpointReport => ({
  endpoint: "e1",
  maxLimit: 40,
  demand: 40,
  inFlight: 40,
  rateLimited: false,
  ...overrides,
});

describe("in-memory AIMD coordinator", () => {
  it("starts at the ceiling, halves on 429 once per cooldown, grows 5 % per quiet second", async () => {
    const clock = new TestClock();
    const coordinator = createInMemoryCoordinator({ clock });
    const grant = async (r: Partial<EndpointReport> = {}) =>
      (await coordinator.sync([report(r)])).get("e1");

    expect(await grant()).toEqual({ cap: 40, limit: 40 });
    expect(await grant({ rateLimited: true })).toEqual({ cap: 20, limit: 20 });
    clock.advance(500);
    expect((await grant({ rateLimited: true }))?.limit).toBe(20);
    clock.advance(2000);
    expect((await grant({ rateLimited: true }))?.limit).toBe(10);

    clock.advance(999);
    expect((await grant())?.limit).toBe(10);
    clock.advance(1);
    expect((await grant())?.limit).toBe(12);
    clock.advance(3000);
    expect((await grant())?.limit).toBe(18);
    clock.advance(60_000);
    expect((await grant())?.limit).toBe(40);
  });

  it("never cuts below 1 and follows a raised ceiling when fully grown", async () => {
    const clock = new TestClock();
    const coordinator = createInMemoryCoordinator({ clock, cooldownMs: 0 });
    for (let i = 0; i < 10; i += 1)
      await coordinator.sync([report({ maxLimit: 4, rateLimited: true })]);
    expect(coordinator.limitOf("e1")).toBe(1);

    const fresh = createInMemoryCoordinator({ clock });
    await fresh.sync([report({ maxLimit: 8 })]);
    expect((await fresh.sync([report({ maxLimit: 64 })])).get("e1")).toEqual({
      cap: 64,
      limit: 64,
    });
    expect((await fresh.sync([report({ maxLimit: 16 })])).get("e1")?.limit).toBe(16);
  });

  it("remembers a cut limit across a release, and forgets a full one", async () => {
    const clock = new TestClock();
    const coordinator = createInMemoryCoordinator({ clock });
    await coordinator.sync([report({ rateLimited: true }), report({ endpoint: "e2" })]);
    await coordinator.release(["e1", "e2"]);
    expect(coordinator.limitOf("e1")).toBe(20);
    expect(coordinator.limitOf("e2")).toBeUndefined();
  });
});
