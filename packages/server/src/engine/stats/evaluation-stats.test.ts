import { describe, expect, it } from "vitest";
import { accuracyFigures, type OutcomeCounts, summarizeOutcomes } from "./evaluation-stats.ts";
import { standardError, wilsonInterval } from "./proportion.ts";
import { createScorerTally } from "./scorer-stats.ts";

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

describe("accuracyFigures", () => {
  it("gives the rate, its standard error and Wilson interval, 0 and the whole range with no trials", () => {
    expect(accuracyFigures(3, 4)).toEqual({
      accuracy: 0.75,
      stderr: standardError(3, 4),
      ci95: wilsonInterval(3, 4),
    });
    expect(accuracyFigures(0, 0)).toEqual({ accuracy: 0, stderr: 0, ci95: { low: 0, high: 1 } });
  });
});

describe("summarizeOutcomes with the parts from the result rows", () => {
  const graded = createScorerTally();
  for (const score of [1, 0, 1, null])
    graded.add({ score, passed: score === null ? null : score === 1 });
  const scorer = { id: "scr_1", name: "polite", model_id: "mdl_1", ...graded.figures() };
  const parts = {
    metrics: { readability: 0.62, toxicity: null },
    topErrors: [
      { error: "HTTP 500", count: 3 },
      { error: "timeout", count: 2 },
    ],
    scorers: [scorer],
  };

  it("carries the metric means, top errors and scorer figures into the summary it stores", () => {
    const summary = summarizeOutcomes({ ...base, ...parts });
    expect(summary.metrics).toEqual({ readability: 0.62, toxicity: null });
    expect(summary.top_errors).toEqual(parts.topErrors);
    expect(summary.scorers).toEqual([scorer]);
    expect(summary.scorers?.[0]).toMatchObject({
      mean: 2 / 3,
      n: 3,
      failed: 1,
      interval: "wilson",
    });
    // The rest is what the counts alone give.
    expect({ ...summary, metrics: undefined, top_errors: undefined, scorers: undefined }).toEqual(
      summarizeOutcomes(base),
    );
  });

  it("survives being stored as JSON unchanged, so a read serves exactly what was computed", () => {
    const summary = summarizeOutcomes({ ...base, ...parts });
    expect(JSON.parse(JSON.stringify(summary))).toStrictEqual(summary);
  });

  it("copies the parts, so a later change to them does not reach a summary already made", () => {
    const input = { ...base, ...structuredClone(parts) };
    const summary = summarizeOutcomes(input);
    input.metrics.readability = 0;
    (input.topErrors[0] as { count: number }).count = 99;
    expect(summary.metrics?.readability).toBe(0.62);
    expect(summary.top_errors?.[0]?.count).toBe(3);
  });

  it("leaves them out when not given", () => {
    const summary = summarizeOutcomes(base);
    expect("metrics" in summary || "top_errors" in summary || "scorers" in summary).toBe(false);
  });

  it("refuses a negative error count", () => {
    expect(() =>
      summarizeOutcomes({ ...base, topErrors: [{ error: "HTTP 500", count: -1 }] }),
    ).toThrow(RangeError);
  });
});
