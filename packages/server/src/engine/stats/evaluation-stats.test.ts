import { describe, expect, it } from "vitest";
import { type OutcomeCounts, summarizeOutcomes } from "./evaluation-stats.ts";
import { wilsonInterval } from "./proportion.ts";

const base: OutcomeCounts = {
  total: 100,
  correct: 75,
  failed: 5,
  subsets: [
    { name: "physics", total: 40, correct: 30 },
    { name: "algebra", total: 60, correct: 45 },
  ],
  durationMsSum: 95_001,
  scored: 95,
  promptTokens: 12_000,
  completionTokens: 3_400,
  cost: 0.0123,
};

describe("summarizeOutcomes", () => {
  it("computes accuracy, its error and interval, and the totals", () => {
    const summary = summarizeOutcomes(base);
    expect(summary.accuracy).toBe(0.75);
    expect(summary.stderr).toBeCloseTo(0.0433, 4);
    expect(summary.ci95).toEqual(wilsonInterval(75, 100));
    expect(summary.average_duration_ms).toBe(1000);
    expect(summary.tokens).toEqual({ prompt: 12_000, completion: 3_400, total: 15_400 });
    expect(summary.cost).toBe(0.0123);
  });

  it("sorts subsets by name and gives each its accuracy and interval", () => {
    const summary = summarizeOutcomes(base);
    expect(summary.subsets).toEqual([
      { name: "algebra", total: 60, correct: 45, accuracy: 0.75, ci95: wilsonInterval(45, 60) },
      { name: "physics", total: 40, correct: 30, accuracy: 0.75, ci95: wilsonInterval(30, 40) },
    ]);
  });

  it("rounds the average duration to whole milliseconds over scored prompts", () => {
    expect(summarizeOutcomes({ ...base, durationMsSum: 1001, scored: 2 }).average_duration_ms).toBe(
      501,
    );
    expect(summarizeOutcomes({ ...base, durationMsSum: 0, scored: 0 }).average_duration_ms).toBe(0);
  });

  it("handles an empty run", () => {
    const summary = summarizeOutcomes({
      total: 0,
      correct: 0,
      failed: 0,
      subsets: [{ name: "empty", total: 0, correct: 0 }],
      durationMsSum: 0,
      scored: 0,
      promptTokens: 0,
      completionTokens: 0,
      cost: null,
    });
    expect(summary).toEqual({
      accuracy: 0,
      stderr: 0,
      ci95: { low: 0, high: 1 },
      subsets: [{ name: "empty", total: 0, correct: 0, accuracy: 0, ci95: { low: 0, high: 1 } }],
      average_duration_ms: 0,
      tokens: { prompt: 0, completion: 0, total: 0 },
      cost: null,
    });
  });

  it("counts failed prompts as wrong", () => {
    const summary = summarizeOutcomes({ ...base, total: 10, correct: 5, failed: 5, subsets: [] });
    expect(summary.accuracy).toBe(0.5);
  });

  it("refuses inconsistent counts", () => {
    expect(() => summarizeOutcomes({ ...base, correct: 96 })).toThrow(RangeError);
    expect(() => summarizeOutcomes({ ...base, scored: -1 })).toThrow(RangeError);
    expect(() =>
      summarizeOutcomes({ ...base, subsets: [{ name: "x", total: 1, correct: 2 }] }),
    ).toThrow(RangeError);
  });

  it("does not change its input", () => {
    const input = structuredClone(base);
    summarizeOutcomes(input);
    expect(input).toEqual(base);
  });
});
