// The fake OpenAI-compatible endpoint in a child process of its own, so its CPU is not charged to
// the tool under test: fake-model-server.ts run standalone (its GET /stats and POST /reset).
import type { ChildProcess } from "node:child_process";
import type { FakeModelServerStats } from "@assay/test-kit/fake-model-server.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import { startProcess, stopProcess } from "../support/processes.ts";
import { cpuSeconds } from "./proc.ts";

export interface FakeEndpoint {
  latencyMs: number;
  /** Base URL, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  pid: number;
  stats(): Promise<FakeModelServerStats>;
  reset(): Promise<void>;
  cpuSeconds(): number;
  close(): Promise<void>;
}

export async function startFakeEndpoint(latencyMs: number): Promise<FakeEndpoint> {
  const port = await freePort();
  const child: ChildProcess = await startProcess(
    ["packages/test-kit/src/fake-model-server.ts"],
    { ...process.env, PORT: String(port), LATENCY_MS: String(latencyMs), JITTER_MS: "0" },
    "chatUrl",
  );
  const origin = `http://127.0.0.1:${port}`;
  const pid = child.pid as number;
  return {
    latencyMs,
    url: `${origin}/v1`,
    pid,
    async stats() {
      return (await (await fetch(`${origin}/stats`)).json()) as FakeModelServerStats;
    },
    async reset() {
      await (await fetch(`${origin}/reset`, { method: "POST" })).text();
    },
    cpuSeconds: () => cpuSeconds(pid),
    close: () => stopProcess(child),
  };
}

export interface RequestTimeline {
  /**
   * Stops sampling. Answers the samples/s between 10 % and 90 % of `total` requests, and the mean
   * number of calls in flight at the endpoint over that stretch (null: too short to tell).
   */
  stop(total: number): Promise<{ perSecond: number; meanInFlight: number } | null>;
}

/**
 * Samples the endpoint's request counter every `intervalMs` during a run. The slope over the middle
 * 80 % of the requests is the steady-state rate: it leaves out the tool's start-up and the tail.
 */
export function sampleRequests(endpoint: FakeEndpoint, intervalMs = 100): RequestTimeline {
  const samples: { t: number; requests: number; inFlight: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { requests, inFlight } = await endpoint.stats();
        samples.push({ t: performance.now(), requests, inFlight });
      } catch {
        // the endpoint is busy or gone: skip this sample
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop(total) {
      running = false;
      await loop;
      const from = samples.findIndex((s) => s.requests >= total * 0.1);
      const to = samples.findLastIndex((s) => s.requests <= total * 0.9);
      const first = samples[from];
      const last = samples[to];
      if (!first || !last || last.t - first.t < 3 * intervalMs) return null;
      const middle = samples.slice(from, to + 1);
      return {
        perSecond: ((last.requests - first.requests) / (last.t - first.t)) * 1000,
        meanInFlight: middle.reduce((sum, s) => sum + s.inFlight, 0) / middle.length,
      };
    },
  };
}
