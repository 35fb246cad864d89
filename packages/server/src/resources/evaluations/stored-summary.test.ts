import { describe, expect, it } from "vitest";
import { standardError, wilsonInterval } from "../../engine/stats/index.ts";
import { readSummary, summarizeRun } from "./stored-summary.ts";

/** A finished run's counters: 40 prompts, 29 right, 3 failed at the model, 4 answered from cache. */
const counters = {
  done_count: 40,
  correct_count: 29,
  failed_count: 3,
  cached_count: 4,
  duration_ms_sum: 33_001,
  prompt_tokens: 5_000,
  completion_tokens: 700,
  cost_usd: 0.25,
};

const parts = {
  subsets: [
    { name: "physics", total: 15, correct: 10 },
    { name: "algebra", total: 25, correct: 19 },
  ],
  metrics: { readability: 0.7, toxicity: null },
  topErrors: [{ error: "HTTP 503", count: 3 }],
  scorers: [
    {
      id: "scr_1",
      name: "polite",
      model_id: "mdl_1",
      mean: 0.5,
      ci95: { low: 0.3, high: 0.7 },
      interval: "t" as const,
      pass_rate: 0.5,
      n: 37,
      failed: 0,
    },
  ],
};

describe("readSummary", () => {
  it("serves a finished run's stored summary as it is, whatever its counters say now", () => {
    const stored = summarizeRun(counters, parts);
    const row = { ...counters, correct_count: 0, cost_usd: null, stats: JSON.stringify(stored) };
    expect(readSummary(row)).toStrictEqual(stored);
  });

  it("reads a run finalized before summaries were stored exactly as one finalized now", () => {
    const stored = summarizeRun(counters, parts);
    const legacy = {
      subsets: [...parts.subsets].sort((a, b) => (a.name < b.name ? -1 : 1)),
      metrics: parts.metrics,
      top_errors: parts.topErrors,
      scorers: parts.scorers,
    };
    expect(readSummary({ ...counters, stats: JSON.stringify(legacy) })).toEqual(stored);
    // Older still: finalized before scorers existed.
    const { scorers: _, ...beforeScorers } = legacy;
    expect(readSummary({ ...counters, stats: JSON.stringify(beforeScorers) })).toEqual({
      ...stored,
      scorers: [],
    });
  });

  it("gives a run still going its figures so far from the counters", () => {
    const running = { ...counters, done_count: 10, correct_count: 6, failed_count: 1 };
    const summary = readSummary({ ...running, cached_count: 0, stats: null });
    expect(summary).toMatchObject({
      accuracy: 0.6,
      stderr: standardError(6, 10),
      ci95: wilsonInterval(6, 10),
      subsets: [],
      metrics: {},
      top_errors: [],
      scorers: [],
      average_duration_ms: Math.round(33_001 / 9),
      tokens: { prompt: 5_000, completion: 700, total: 5_700 },
      cost: 0.25,
    });
    expect(
      readSummary({
        ...counters,
        done_count: 0,
        correct_count: 0,
        failed_count: 0,
        cached_count: 0,
        stats: null,
      }),
    ).toMatchObject({
      accuracy: 0,
      ci95: { low: 0, high: 1 },
      average_duration_ms: 0,
    });
  });
});
