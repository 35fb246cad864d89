// What one tool's run against the real model server comes to, and the table of all of them.
import type { RunResult } from "../eval/result.ts";
import type { CountingProxyStats } from "./counting-proxy.ts";
import type { ServerCounters } from "./llama-endpoint.ts";

export interface RealModelRow {
  tool: string;
  kind: RunResult["kind"];
  n: number;
  wallS: number;
  promptsPerS: number;
  /** Over the middle 80 % of the requests (null: too short to tell). */
  steadyPerS: number | null;
  /** From the server's counters over the run. */
  generatedTokens: number;
  promptTokensPerRequest: number;
  /** Generated tokens per second of wall time, from the server's counter. */
  tokensPerS: number;
  /** What the server reports per busy slot: generated tokens per slot-second of generation. */
  slotTokensPerS: number;
  /**
   * Share of the slots' time the server spent generating (its slot-seconds of generation over
   * slots × wall). Unlike prompts/s it does not move with the machine's speed, which drifts by
   * ±10 % over minutes here: it says how well the tool kept the server busy.
   */
  busyShare: number;
  toolCpuS: number;
  serverCpuS: number;
  peakRssMb: number;
  maxInFlight: number;
  meanInFlight: number | null;
  accuracy: number | null;
  otherCores: number;
  problems: string[];
}

export function realModelRow(
  result: RunResult,
  counters: { before: ServerCounters; after: ServerCounters },
  expected: { maxTokens: number; slots: number },
): RealModelRow {
  const stats = result.endpoint as unknown as CountingProxyStats;
  const { before, after } = counters;
  const generated = after.predicted - before.predicted;
  const problems = [...result.errors];
  if (stats.requests !== result.n)
    problems.push(`${stats.requests} requests for ${result.n} prompts`);
  if (stats.badRequests > 0) problems.push(`${stats.badRequests} requests failed`);
  if (stats.maxInFlight > result.concurrency)
    problems.push(`maxInFlight ${stats.maxInFlight} > C = ${result.concurrency}`);
  if (result.mustReachConcurrency && stats.maxInFlight < result.concurrency)
    problems.push(`maxInFlight ${stats.maxInFlight} < C = ${result.concurrency}`);
  // --ignore-eos: every answer is max_tokens long, so the work is the same for every tool.
  if (stats.completionTokens !== result.n * expected.maxTokens)
    problems.push(
      `${stats.completionTokens} tokens generated, not ${result.n} × ${expected.maxTokens}` +
        ` (max_tokens sent: ${JSON.stringify(stats.maxTokens)})`,
    );
  return {
    tool: result.tool,
    kind: result.kind,
    n: result.n,
    wallS: result.wallS,
    promptsPerS: result.n / result.wallS,
    steadyPerS: result.steadyPerS,
    generatedTokens: generated,
    promptTokensPerRequest: stats.requests === 0 ? Number.NaN : stats.promptTokens / stats.requests,
    tokensPerS: generated / result.wallS,
    slotTokensPerS: generated / (after.predictedSeconds - before.predictedSeconds),
    busyShare: (after.predictedSeconds - before.predictedSeconds) / (expected.slots * result.wallS),
    toolCpuS: result.cpuS,
    serverCpuS: result.endpointCpuS,
    peakRssMb: result.peakRssMb,
    maxInFlight: stats.maxInFlight,
    meanInFlight: result.meanInFlight,
    accuracy: result.accuracy,
    otherCores: result.otherCores,
    problems: [...problems, ...result.notes.filter((note) => note.startsWith("stopped after"))],
  };
}

/** A row for a tool that could not run here, with the reason. */
export function missingRow(tool: string, kind: RunResult["kind"], n: number, reason: string) {
  const nan = Number.NaN;
  return {
    tool,
    kind,
    n,
    wallS: nan,
    promptsPerS: nan,
    steadyPerS: null,
    generatedTokens: nan,
    promptTokensPerRequest: nan,
    tokensPerS: nan,
    slotTokensPerS: nan,
    busyShare: nan,
    toolCpuS: nan,
    serverCpuS: nan,
    peakRssMb: nan,
    maxInFlight: 0,
    meanInFlight: null,
    accuracy: null,
    otherCores: nan,
    problems: [`not run: ${reason}`],
  } satisfies RealModelRow;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** The mean of a figure over the valid rows of a kind (NaN when none). */
export function meanOf(
  rows: readonly RealModelRow[],
  kind: RealModelRow["kind"],
  figure: "promptsPerS" | "busyShare",
): number {
  const valid = rows.filter((row) => row.kind === kind && row.problems.length === 0);
  return valid.length === 0 ? Number.NaN : mean(valid.map((row) => row[figure]));
}

export function realModelTable(rows: readonly RealModelRow[]): string {
  const floor = meanOf(rows, "floor", "promptsPerS");
  const floorBusy = meanOf(rows, "floor", "busyShare");
  const fixed = (value: number | null, digits: number) =>
    value === null || Number.isNaN(value) ? "–" : value.toFixed(digits);
  const lines = [
    "| tool | N | wall s | prompts/s | × floor | steady prompts/s | generated tok/s (server) | per-slot decode tok/s (server) | slots busy generating | × floor | prompt tok / request | tool CPU s | server CPU s | peak RSS MB | in flight mean / max | other load (cores) |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.tool} | ${row.n} | ${fixed(row.wallS, 1)} | ${fixed(row.promptsPerS, 3)} | ${fixed(row.promptsPerS / floor, 3)} | ${fixed(row.steadyPerS, 3)} | ${fixed(row.tokensPerS, 1)} | ${fixed(row.slotTokensPerS, 1)} | ${fixed(row.busyShare * 100, 1)} % | ${fixed(row.busyShare / floorBusy, 3)} | ${fixed(row.promptTokensPerRequest, 1)} | ${fixed(row.toolCpuS, 2)} | ${fixed(row.serverCpuS, 1)} | ${fixed(row.peakRssMb, 0)} | ${fixed(row.meanInFlight, 2)} / ${row.maxInFlight} | ${fixed(row.otherCores, 2)} |`,
    );
  }
  for (const row of rows.filter((r) => r.problems.length > 0))
    lines.push("", `${row.tool}: ${row.problems.join("; ")}`);
  return lines.join("\n");
}
