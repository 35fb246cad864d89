import { describe, expect, it } from "vitest";
import { answersText } from "./repeat-answers.ts";
import { histogramLines, shownKs } from "./repeat-report.ts";

describe("shownKs", () => {
  it("doubles from 1 and ends on the repeats themselves", () => {
    expect(shownKs(2)).toEqual([1, 2]);
    expect(shownKs(3)).toEqual([1, 2, 3]);
    expect(shownKs(4)).toEqual([1, 2, 4]);
    expect(shownKs(5)).toEqual([1, 2, 4, 5]);
    expect(shownKs(32)).toEqual([1, 2, 4, 8, 16, 32]);
  });
});

describe("histogramLines", () => {
  it("scales bars to the most common count; any prompt gets a block; labels line up", () => {
    const histogram: number[] = Array.from({ length: 11 }, (_, right) => (right === 10 ? 96 : 0));
    histogram[3] = 1;
    const lines = histogramLines(histogram);
    expect(lines[0]).toBe("prompts by answers right (of 10):");
    expect(lines[1]).toBe(`   0/10 │${" ".repeat(24)}  0`);
    expect(lines[4]).toBe(`   3/10 │█${" ".repeat(23)}  1`);
    expect(lines[11]).toBe(`  10/10 │${"█".repeat(24)}  96`);
  });

  it("draws nothing for a run with no prompt answered in full", () => {
    expect(histogramLines([0, 0, 0]).slice(1)).toEqual([
      `  0/2 │${" ".repeat(24)}  0`,
      `  1/2 │${" ".repeat(24)}  0`,
      `  2/2 │${" ".repeat(24)}  0`,
    ]);
  });
});

describe("answersText", () => {
  const answer = (passed: boolean, error: string | null = null) => ({
    repeat: 0,
    result: "",
    score: passed ? 1 : 0,
    passed,
    reason: "",
    error,
    duration: 0,
    reasoning: null,
  });

  it("marks each answer in repeat order, a failed call apart from a wrong answer", () => {
    expect(answersText([answer(true), answer(false), answer(true), answer(true)])).toBe("✓✗✓✓ 3/4");
    expect(answersText([answer(false, "timeout"), answer(true)])).toBe("!✓ 1/2");
  });
});
