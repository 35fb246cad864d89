import { describe, expect, it } from "vitest";
import { pairedCountsOf, sumPairedCounts } from "./paired-counts.ts";

describe("paired 2×2s", () => {
  it("counts each pair of answers in its cell", () => {
    const pairs = [
      [true, true],
      [true, false],
      [false, true],
      [false, true],
      [false, false],
    ] as const;
    expect(pairedCountsOf(pairs)).toEqual({
      bothCorrect: 1,
      onlyACorrect: 1,
      onlyBCorrect: 2,
      bothWrong: 1,
    });
  });

  it("adds 2×2s cell by cell", () => {
    const a = { bothCorrect: 1, onlyACorrect: 2, onlyBCorrect: 3, bothWrong: 4 };
    const b = { bothCorrect: 10, onlyACorrect: 0, onlyBCorrect: 1, bothWrong: 0 };
    expect(sumPairedCounts([a, b])).toEqual({
      bothCorrect: 11,
      onlyACorrect: 2,
      onlyBCorrect: 4,
      bothWrong: 4,
    });
    expect(sumPairedCounts([])).toEqual({
      bothCorrect: 0,
      onlyACorrect: 0,
      onlyBCorrect: 0,
      bothWrong: 0,
    });
  });
});
