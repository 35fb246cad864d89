// What one tool's run under the quota comes to, and the table of all of them.
import type { QuotaLimits } from "@assay/test-kit/provider-doubles/openai-quota.ts";
import type { RunResult } from "../eval/result.ts";
import type { QuotaServerStats } from "./quota-server.ts";

/**
 * Seconds the quota alone allows for `tokens` and `requests` admitted: both buckets start full (a
 * minute's allowance) and refill at limit/60 per second, so beyond the first minute's allowance
 * every token (request) waits for the refill: max over the buckets of (used − limit) / (limit/60).
 * No client can finish sooner, however fast; the last answer's latency comes on top.
 */
export function quotaMinimumSeconds(limits: QuotaLimits, tokens: number, requests: number): number {
  return Math.max(
    0,
    ((tokens - limits.tokensPerMinute) / limits.tokensPerMinute) * 60,
    ((requests - limits.requestsPerMinute) / limits.requestsPerMinute) * 60,
  );
}

export interface QuotaRow {
  tool: string;
  n: number;
  wallS: number;
  /** From the endpoint's first request to its last answer: the wall time less start-up. */
  spanS: number;
  minimumS: number;
  requests: number;
  rateLimited: number;
  failedSamples: number;
  accuracy: number | null;
  tokensPerRequest: number;
  maxTokens: string;
  otherCores: number;
  problems: string[];
}

export function quotaRow(result: RunResult, limits: QuotaLimits): QuotaRow {
  const stats = result.endpoint as unknown as QuotaServerStats;
  const admitted = stats.requests - stats.rateLimited;
  return {
    tool: result.tool,
    n: result.n,
    wallS: result.wallS,
    spanS: stats.spanMs / 1000,
    minimumS: quotaMinimumSeconds(limits, stats.tokens, admitted),
    requests: stats.requests,
    rateLimited: stats.rateLimited,
    failedSamples: result.n - stats.answered,
    accuracy: result.accuracy,
    tokensPerRequest: admitted === 0 ? 0 : stats.tokens / admitted,
    maxTokens: Object.entries(stats.maxTokens)
      .map(([value, count]) => (count === stats.requests ? value : `${value}×${count}`))
      .join(", "),
    otherCores: result.otherCores,
    problems: [
      ...result.errors,
      ...(stats.badRequests > 0 ? [`${stats.badRequests} bad requests`] : []),
      ...result.notes.filter((note) => note.startsWith("stopped after")),
    ],
  };
}

/** A row for a tool that could not run here, with the reason. */
export function missingRow(tool: string, n: number, reason: string): QuotaRow {
  return {
    tool,
    n,
    wallS: Number.NaN,
    spanS: Number.NaN,
    minimumS: Number.NaN,
    requests: 0,
    rateLimited: 0,
    failedSamples: Number.NaN,
    accuracy: null,
    tokensPerRequest: Number.NaN,
    maxTokens: "",
    otherCores: Number.NaN,
    problems: [`not run: ${reason}`],
  };
}

export function quotaTable(rows: readonly QuotaRow[]): string {
  const fixed = (value: number, digits: number) =>
    Number.isNaN(value) ? "–" : value.toFixed(digits);
  const lines = [
    "| tool | N | wall s | first request → last answer s | quota minimum s (its tokens) | wall / minimum | requests | 429s | 429 % | failed samples | accuracy | tokens / request (max_tokens) | other load (cores) |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const row of rows) {
    const percent = row.requests === 0 ? Number.NaN : (row.rateLimited / row.requests) * 100;
    lines.push(
      `| ${row.tool} | ${row.n} | ${fixed(row.wallS, 1)} | ${fixed(row.spanS, 1)} | ${fixed(row.minimumS, 1)} | ${row.failedSamples > 0 ? "did not finish" : `${fixed(row.wallS / row.minimumS, 2)}×`} | ${row.requests} | ${row.rateLimited} | ${fixed(percent, 1)} | ${fixed(row.failedSamples, 0)} | ${row.accuracy === null ? "–" : `${(row.accuracy * 100).toFixed(2)} %`} | ${fixed(row.tokensPerRequest, 1)} (${row.maxTokens || "–"}) | ${fixed(row.otherCores, 2)} |`,
    );
  }
  const problems = rows.filter((row) => row.problems.length > 0);
  for (const row of problems) lines.push("", `${row.tool}: ${row.problems.join("; ")}`);
  return lines.join("\n");
}
