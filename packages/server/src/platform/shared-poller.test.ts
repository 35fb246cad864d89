import { manualTimers } from "@assay/test-kit/manual-timers.ts";
import { describe, expect, it } from "vitest";
import { createSharedPoller } from "./shared-poller.ts";

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Fires the pending timers, then lets their reads settle. */
async function fire(clock: ReturnType<typeof manualTimers>) {
  clock.fire();
  await settle();
}

function counterPoller() {
  const clock = manualTimers();
  const reads: string[] = [];
  let value = 0;
  const poller = createSharedPoller({
    read: async (key) => {
      reads.push(key);
      value += 1;
      return value;
    },
    intervalMs: 1000,
    timers: clock.timers,
  });
  return { clock, reads, poller };
}

describe("createSharedPoller", () => {
  it("reads once per tick for a key however many subscribe, and every subscriber gets each value", async () => {
    const { clock, reads, poller } = counterPoller();
    const seen: number[][] = [[], [], []];
    const stops = seen.map((values) => poller.subscribe("e1", (v) => values.push(v)));
    await settle();
    for (let i = 0; i < 4; i++) await fire(clock);
    expect(reads).toEqual(["e1", "e1", "e1", "e1", "e1"]);
    expect(poller.stats()).toEqual({ pollers: 1, subscribers: 3, reads: 5 });
    // The first gets the immediate read; the later ones its value at once, then every tick.
    expect(seen[0]).toEqual([1, 2, 3, 4, 5]);
    expect(seen[1]).toEqual([1, 2, 3, 4, 5]);
    for (const stop of stops) stop();
  });

  it("polls each key on its own", async () => {
    const { clock, reads, poller } = counterPoller();
    poller.subscribe("a", () => {});
    poller.subscribe("b", () => {});
    await settle();
    await fire(clock);
    expect(reads.sort()).toEqual(["a", "a", "b", "b"]);
    expect(poller.stats().pollers).toBe(2);
  });

  it("stops reading when the last subscriber leaves, and starts afresh for a new one", async () => {
    const { clock, reads, poller } = counterPoller();
    const stopA = poller.subscribe("e1", () => {});
    const stopB = poller.subscribe("e1", () => {});
    await settle();
    stopA();
    await fire(clock);
    expect(reads).toHaveLength(2);
    stopB();
    expect(clock.pending()).toBe(0);
    expect(poller.stats()).toEqual({ pollers: 0, subscribers: 0, reads: 2 });
    await fire(clock);
    expect(reads).toHaveLength(2);
    const values: number[] = [];
    poller.subscribe("e1", (v) => values.push(v));
    await settle();
    expect(values).toEqual([3]);
  });

  it("keeps polling after a failed read and reports it", async () => {
    const clock = manualTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const poller = createSharedPoller({
      read: async () => {
        calls += 1;
        if (calls === 1) throw new Error("database away");
        return calls;
      },
      intervalMs: 1000,
      timers: clock.timers,
      onError: (error) => errors.push(error),
    });
    const values: number[] = [];
    poller.subscribe("e1", (v) => values.push(v));
    await settle();
    await fire(clock);
    expect(errors).toHaveLength(1);
    expect(values).toEqual([2]);
  });
});
