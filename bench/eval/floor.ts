// Runs the lean floor runner (lean-runner.ts) in a child process on a cell.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { sampleRequests } from "./fake-endpoint.ts";
import { startLoadMeter } from "./proc.ts";
import type { RunResult } from "./result.ts";

const RUNNER = resolve(import.meta.dirname, "lean-runner.ts");

interface FloorReport {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  correct: number;
  failed: number;
  total: number;
}

export async function runFloor(
  fake: FakeEndpoint,
  concurrency: number,
  n: number,
  /** Sent as `max_tokens` (64 unless given). */
  maxTokens?: number,
): Promise<RunResult> {
  await fake.reset();
  const endpointBefore = fake.cpuSeconds();
  const timeline = sampleRequests(fake);
  const load = startLoadMeter();
  const started = performance.now();
  const output = await new Promise<string>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [RUNNER], {
      env: {
        ...process.env,
        FLOOR_URL: fake.url,
        FLOOR_C: String(concurrency),
        FLOOR_N: String(n),
        ...(maxTokens === undefined ? {} : { FLOOR_MAX_TOKENS: String(maxTokens) }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolvePromise(text) : reject(new Error(`lean runner exited with ${code}`)),
    );
  });
  const endpointCpuS = fake.cpuSeconds() - endpointBefore;
  const report = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as FloorReport;
  const otherCores = load.otherCores(
    report.cpuMs / 1000 + endpointCpuS,
    (performance.now() - started) / 1000,
  );
  const steady = await timeline.stop(n);
  const endpoint = await fake.stats();
  return {
    tool: "lean floor (undici.Pool)",
    kind: "floor",
    latencyMs: fake.latencyMs,
    concurrency,
    n,
    wallS: report.wallMs / 1000,
    steadyPerS: steady?.perSecond ?? null,
    meanInFlight: steady?.meanInFlight ?? null,
    cpuS: report.cpuMs / 1000,
    endpointCpuS,
    otherCores,
    peakRssMb: report.maxRssMb,
    accuracy: report.total > 0 ? report.correct / report.total : null,
    endpoint,
    mustReachConcurrency: true,
    errors: report.failed > 0 ? [`${report.failed} failed calls`] : [],
    notes: ["no persistence; wall from its first request (no start-up)"],
  };
}
