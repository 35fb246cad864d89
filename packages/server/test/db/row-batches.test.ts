import { describe, expect, it } from "vitest";
import { rowBatches } from "../../src/platform/db/row-batches.ts";

const sizes = (n: number, max: number) =>
  [
    ...rowBatches(
      Array.from({ length: n }, (_, i) => i),
      max,
    ),
  ].map((b) => b.length);

describe("rowBatches", () => {
  it("fills whole batches, then halves for the rest", () => {
    expect(sizes(250, 256)).toEqual([128, 64, 32, 16, 8, 2]);
    expect(sizes(600, 256)).toEqual([256, 256, 64, 16, 8]);
    expect(sizes(0, 256)).toEqual([]);
  });

  it("keeps every row once, in order", () => {
    const rows = Array.from({ length: 1319 }, (_, i) => i);
    expect([...rowBatches(rows, 512)].flat()).toEqual(rows);
  });

  it("uses at most log2(max) + 1 distinct sizes, whatever the row counts", () => {
    const seen = new Set<number>();
    for (let n = 1; n <= 1000; n += 1) for (const s of sizes(n, 256)) seen.add(s);
    expect([...seen].sort((a, b) => b - a)).toEqual([256, 128, 64, 32, 16, 8, 4, 2, 1]);
  });
});
