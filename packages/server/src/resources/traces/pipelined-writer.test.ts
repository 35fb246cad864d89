import { describe, expect, it } from "vitest";
import { createPipelinedWriter } from "./pipelined-writer.ts";

describe("createPipelinedWriter", () => {
  it("writes full batches in order, then the rest, one write at a time", async () => {
    const written: number[][] = [];
    let running = 0;
    let most = 0;
    const writer = createPipelinedWriter<number>(3, async (rows) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      written.push(rows);
      running -= 1;
    });
    await writer.add([1, 2, 3, 4]);
    await writer.add([5, 6, 7, 8]);
    await writer.finish();
    expect(written).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    expect(most).toBe(1);
  });

  it("lets the caller go on while a write runs, and throws its failure at the next step", async () => {
    let release = () => {};
    const writer = createPipelinedWriter<number>(1, async (rows) => {
      if (rows[0] === 1) await new Promise<void>((resolve) => (release = resolve));
      if (rows[0] === 2) throw new Error("disk full");
    });
    await writer.add([1]); // returns while the first write still runs
    release();
    await writer.add([2]);
    await expect(writer.finish()).rejects.toThrow("disk full");
    await writer.abandon();
  });
});
