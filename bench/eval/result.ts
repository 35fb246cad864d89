// One measured run of one tool on one cell, what follows from it, and whether it counts.
import type { FakeModelServerStats } from "@assay/test-kit/fake-model-server.ts";
import type { PgTally } from "../workers/pg-probe.ts";
import { idealSeconds } from "./fixture.ts";

/** The tools a user would pick instead of Assay, in the order the bench runs them. */
export const PEER_KINDS = ["promptfoo", "inspect", "lm-eval"] as const;
export type PeerKind = (typeof PEER_KINDS)[number];
/** The peers' names in the tables (their package names). */
export const PEER_NAMES: Record<PeerKind, string> = {
  promptfoo: "promptfoo",
  inspect: "inspect-ai",
  "lm-eval": "lm-eval",
};

export interface RunResult {
  /** Label in the tables, e.g. "assay", "promptfoo 0.123.1". */
  tool: string;
  kind: "assay" | "floor" | PeerKind;
  latencyMs: number;
  concurrency: number;
  n: number;
  wallS: number;
  /** Samples/s over the middle 80 % of the endpoint's requests (null: run too short to tell). */
  steadyPerS: number | null;
  /** Mean calls in flight at the endpoint over the same stretch. */
  meanInFlight: number | null;
  /** User + system CPU of the tool's processes during the run. */
  cpuS: number;
  endpointCpuS: number;
  peakRssMb: number;
  /** 0–1, or null when the tool did not say. */
  accuracy: number | null;
  endpoint: FakeModelServerStats;
  /** Assay: the processes must show exactly C calls in flight at the endpoint at some point. */
  mustReachConcurrency: boolean;
  /**
   * Assay with the probe (bench/eval/elu-probe.ts), during the run: mean main-thread event-loop
   * utilization, mean 99th percentile and maximum of the event-loop delay, largest V8 heap in
   * use (sampled every 250 ms), share of the time in node:sqlite calls.
   */
  probe?: {
    elu: number;
    delayP99Ms: number;
    delayMaxMs: number;
    heapMaxMb: number;
    sqliteShare: number;
  };
  /** Split mode: each Assay process's CPU during the run (serve, worker0, worker1 …). */
  processes?: { name: string; cpuS: number }[];
  /** Split mode with the pg probe: the database backends' CPU during the run. */
  databaseCpuS?: number;
  /** Split mode with the pg probe: mean busy database backends during the run, by wait. */
  databaseWaits?: { what: string; backends: number }[];
  /** Split mode with the pg probe: each process's queries during the run, by statement. */
  pgTallies?: Record<string, PgTally>;
  /** Cores' worth of CPU used by other processes on the machine during the run (noise). */
  otherCores: number;
  /** Reasons the tool itself reported a problem (status, exit code). */
  errors: string[];
  notes: string[];
}

export function samplesPerSecond(r: RunResult): number {
  return r.n / r.wallS;
}

/** Achieved samples/s over the ceiling C/L, in percent. */
export function percentOfCeiling(r: RunResult, perSecond = samplesPerSecond(r)): number {
  return (perSecond / ((r.concurrency * 1000) / r.latencyMs)) * 100;
}

export function ideal(r: RunResult): number {
  return idealSeconds(r.n, r.concurrency, r.latencyMs);
}

/** Empty when the run is valid: exactly 75 % right, N requests, concurrency honoured. */
export function invalidReasons(r: RunResult): string[] {
  const reasons = [...r.errors];
  if (r.accuracy === null) reasons.push("no accuracy reported");
  else if (Math.abs(r.accuracy - 0.75) > 1e-9)
    reasons.push(`accuracy ${(r.accuracy * 100).toFixed(2)} % ≠ 75.00 %`);
  if (r.endpoint.requests !== r.n)
    reasons.push(`${r.endpoint.requests} requests for ${r.n} samples`);
  if (r.endpoint.badRequests > 0) reasons.push(`${r.endpoint.badRequests} bad requests`);
  if (r.endpoint.maxInFlight > r.concurrency)
    reasons.push(`maxInFlight ${r.endpoint.maxInFlight} > C = ${r.concurrency}`);
  if (r.mustReachConcurrency && r.endpoint.maxInFlight < r.concurrency)
    reasons.push(`maxInFlight ${r.endpoint.maxInFlight} < C = ${r.concurrency}`);
  return reasons;
}
