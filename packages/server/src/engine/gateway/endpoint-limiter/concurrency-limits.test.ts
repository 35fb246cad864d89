import { describe, expect, it, vi } from "vitest";
import type {
  ConcurrencyCoordinator,
  EndpointGrant,
  EndpointReport,
} from "../../../platform/concurrency-coordinator/coordinator.ts";
import { createConcurrencyLimits } from "./concurrency-limits.ts";

/** A coordinator that grants a fixed cap and records what it was told. */
function scripted(cap = 4) {
  const reports: EndpointReport[][] = [];
  const released: string[][] = [];
  let failing = false;
  const coordinator: ConcurrencyCoordinator = {
    async sync(batch) {
      reports.push(batch.map((r) => ({ ...r })));
      if (failing) throw new Error("database down");
      return new Map<string, EndpointGrant>(batch.map((r) => [r.endpoint, { cap, limit: cap }]));
    },
    async release(endpoints) {
      released.push(endpoints);
    },
  };
  return { coordinator, reports, released, fail: (value: boolean) => (failing = value) };
}

describe("concurrency limits", () => {
  it("asks the coordinator at once on first use and applies its grant", async () => {
    const { coordinator, reports } = scripted(4);
    const limits = createConcurrencyLimits({ coordinator, syncIntervalMs: 60_000 });
    try {
      const release = await limits.limiterFor("e1", 16).acquire();
      expect(reports[0]).toEqual([
        { endpoint: "e1", maxLimit: 16, demand: 1, inFlight: 0, rateLimited: false },
      ]);
      expect(limits.snapshot()).toEqual([
        { endpoint: "e1", maxLimit: 16, cap: 4, limit: 4, inFlight: 1, waiting: 0 },
      ]);
      release();
    } finally {
      await limits.close();
    }
  });

  it("reports the largest maximum asked recently", async () => {
    let now = 0;
    const { coordinator } = scripted();
    const limits = createConcurrencyLimits({ coordinator, now: () => now, maxLimitMemoryMs: 1000 });
    try {
      limits.limiterFor("e1", 64);
      limits.limiterFor("e1", 8);
      expect(limits.snapshot()[0]?.maxLimit).toBe(64);
      now = 1001;
      limits.limiterFor("e1", 8);
      expect(limits.snapshot()[0]?.maxLimit).toBe(8);
    } finally {
      await limits.close();
    }
  });

  it("keeps caps when the coordinator fails, and reports the 429 again later", async () => {
    const { coordinator, reports, fail } = scripted(4);
    const onError = vi.fn();
    const limits = createConcurrencyLimits({ coordinator, syncIntervalMs: 60_000, onError });
    try {
      const limiter = limits.limiterFor("e1", 16);
      const release = await limiter.acquire();
      fail(true);
      limiter.noteRateLimited();
      await limits.sync();
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "database down" }));
      expect(limiter.cap).toBe(4);
      fail(false);
      await limits.sync();
      expect(reports.at(-1)?.[0]?.rateLimited).toBe(true);
      release();
    } finally {
      await limits.close();
    }
  });

  it("releases an endpoint idle long enough, and re-asks when it is used again", async () => {
    let now = 0;
    const { coordinator, released, reports } = scripted(4);
    const limits = createConcurrencyLimits({
      coordinator,
      syncIntervalMs: 60_000,
      idleReleaseMs: 5000,
      now: () => now,
    });
    try {
      const limiter = limits.limiterFor("e1", 16);
      (await limiter.acquire())();
      now = 4000;
      await limits.sync();
      expect(released).toEqual([]);
      now = 5000;
      await limits.sync();
      expect(released).toEqual([["e1"]]);
      expect(limiter.cap).toBe(0);

      const syncsBefore = reports.length;
      (await limits.limiterFor("e1", 16).acquire())();
      expect(reports.length).toBe(syncsBefore + 1);
      expect(limiter.cap).toBe(4);
    } finally {
      await limits.close();
    }
    expect(released.at(-1)).toEqual(["e1"]);
  });

  it("syncs on its timer", async () => {
    const { coordinator, reports } = scripted(2);
    const limits = createConcurrencyLimits({ coordinator, syncIntervalMs: 20 });
    try {
      const release = await limits.limiterFor("e1", 16).acquire();
      const before = reports.length;
      await vi.waitFor(() => expect(reports.length).toBeGreaterThan(before + 1));
      release();
    } finally {
      await limits.close();
    }
  });
});
