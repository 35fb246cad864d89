import { describe, expect, it } from "vitest";
import { createRecentCache } from "./recent-cache.ts";

function counting<T>(value: (key: string) => T | undefined) {
  const calls: string[] = [];
  return {
    calls,
    lookUp: async (key: string) => {
      calls.push(key);
      return value(key);
    },
  };
}

describe("recent cache", () => {
  it("answers a found value from memory while it is fresh, and shares one lookup", async () => {
    const cache = createRecentCache<string>(60_000);
    const source = counting((key) => `value of ${key}`);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("k", source.lookUp)));
    expect(answers).toEqual(["value of k", "value of k", "value of k"]);
    expect(await cache.get("k", source.lookUp)).toBe("value of k");
    expect(await cache.get("other", source.lookUp)).toBe("value of other");
    expect(source.calls).toEqual(["k", "other"]);
  });

  it("keeps no miss: what is created a moment later is found", async () => {
    const cache = createRecentCache<string>(60_000);
    let exists = false;
    const source = counting(() => (exists ? "now here" : undefined));
    expect(await cache.get("k", source.lookUp)).toBeUndefined();
    exists = true;
    expect(await cache.get("k", source.lookUp)).toBe("now here");
    expect(source.calls).toHaveLength(2);
  });

  it("keeps no failure: the next caller looks up again", async () => {
    const cache = createRecentCache<string>(60_000);
    let fail = true;
    const lookUp = async () => {
      if (fail) throw new Error("database down");
      return "back";
    };
    await expect(cache.get("k", lookUp)).rejects.toThrow("database down");
    fail = false;
    expect(await cache.get("k", lookUp)).toBe("back");
  });

  it("looks up again once the time is up, and on refresh", async () => {
    const stale = createRecentCache<number>(0);
    let n = 0;
    const lookUp = async () => ++n;
    expect(await stale.get("k", lookUp)).toBe(1);
    expect(await stale.get("k", lookUp)).toBe(2);

    const fresh = createRecentCache<number>(60_000);
    expect(await fresh.get("k", lookUp)).toBe(3);
    expect(await fresh.refresh("k", lookUp)).toBe(4);
    expect(await fresh.get("k", lookUp)).toBe(4);
  });
});
