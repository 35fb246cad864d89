import { describe, expect, it } from "vitest";
import { createBatchWriter } from "./batch-writer.ts";

/** A promise and its resolver, to hold a flush until the test releases it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("createBatchWriter", () => {
  it("flushes a full batch at once and the rest on drain, in order", async () => {
    const flushed: number[][] = [];
    const writer = createBatchWriter<number>({
      flush: async (items) => {
        flushed.push(items);
      },
      maxItems: 3,
      maxDelayMs: 60_000,
    });
    for (let i = 0; i < 7; i++) await writer.push(i);
    await writer.drain();
    expect(flushed).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it("flushes a partial batch once its delay has passed, without a drain", async () => {
    const written = gate();
    const flushed: string[][] = [];
    const writer = createBatchWriter<string>({
      flush: async (items) => {
        flushed.push(items);
        written.open();
      },
      maxItems: 100,
      maxDelayMs: 1,
    });
    await writer.push("a");
    await writer.push("b");
    await written.opened;
    expect(flushed).toEqual([["a", "b"]]);
  });

  it("runs one flush at a time", async () => {
    let running = 0;
    let most = 0;
    const writer = createBatchWriter<number>({
      flush: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
      },
      maxItems: 1,
    });
    for (let i = 0; i < 5; i++) await writer.push(i);
    await writer.drain();
    expect(most).toBe(1);
  });

  it("holds a producer that is far ahead until the writer catches up", async () => {
    const release = gate();
    const flushed: number[] = [];
    const writer = createBatchWriter<number>({
      flush: async (items) => {
        await release.opened;
        flushed.push(...items);
      },
      maxItems: 2,
      maxPending: 3,
    });
    // A producer that is not far ahead gets nothing to wait for.
    expect(writer.push(1)).toBeUndefined();
    await writer.push(2);
    await writer.push(3);
    let fourthReturned = false;
    const held = writer.push(4);
    expect(held).toBeInstanceOf(Promise);
    const fourth = (held as Promise<void>).then(() => {
      fourthReturned = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(fourthReturned).toBe(false);
    release.open();
    await fourth;
    await writer.drain();
    expect(flushed).toEqual([1, 2, 3, 4]);
  });

  it("reports a failed flush on drain and on the next push, and writes nothing after it", async () => {
    const flushed: number[][] = [];
    const writer = createBatchWriter<number>({
      flush: async (items) => {
        if (items.includes(1)) throw new Error("disk full");
        flushed.push(items);
      },
      maxItems: 2,
    });
    await writer.push(0);
    await writer.push(1);
    await expect(writer.drain()).rejects.toThrow("disk full");
    await expect(writer.push(2)).rejects.toThrow("disk full");
    await writer.drain().catch(() => undefined);
    expect(flushed).toEqual([]);
  });
});
