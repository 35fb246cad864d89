import { describe, expect, it } from "vitest";
import { mapConcurrent } from "./map-concurrent.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("mapConcurrent", () => {
  it("returns results in item order whatever order they finish in", async () => {
    const results = await mapConcurrent([30, 10, 20, 0], 3, async (ms, i) => {
      await sleep(ms);
      return i * 10;
    });
    expect(results).toEqual([0, 10, 20, 30]);
  });

  it("starts nothing more after a failure, and rethrows it once the rest settled", async () => {
    const started: number[] = [];
    const settled: number[] = [];
    const failure = new Error("boom");
    const error = await mapConcurrent([0, 1, 2, 3, 4], 2, async (item, _i, signal) => {
      started.push(item);
      if (item === 0) throw failure;
      await sleep(10);
      settled.push(item);
      expect(signal.aborted).toBe(true);
      return item;
    }).catch((e: unknown) => e);
    expect(error).toBe(failure);
    expect(started).toEqual([0, 1]);
    expect(settled).toEqual([1]);
  });

  it("refuses a concurrency below 1", async () => {
    await expect(mapConcurrent([1], 0, async (x) => x)).rejects.toThrow(RangeError);
  });
});
