// One timed run of a peer's command line (promptfoo, Inspect AI, lm-evaluation-harness) against the
// fake endpoint, as a user runs it: the whole CLI, start-up included. /usr/bin/time gives the CPU
// (user + system of the process and the children it waited for) and the peak RSS; the endpoint's
// counters give the requests, the peak in flight and the steady rate.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { sampleRequests } from "./fake-endpoint.ts";
import { startLoadMeter } from "./proc.ts";
import type { RunResult } from "./result.ts";

const TIME = "/usr/bin/time";

/** What the runner measured; the peer adds its tool, accuracy and errors to make a RunResult. */
export type CliMeasurement = Pick<
  RunResult,
  | "latencyMs"
  | "concurrency"
  | "n"
  | "wallS"
  | "steadyPerS"
  | "meanInFlight"
  | "cpuS"
  | "endpointCpuS"
  | "otherCores"
  | "peakRssMb"
  | "endpoint"
  | "mustReachConcurrency"
> & {
  code: number | null;
  output: string;
  /** "/usr/bin/time missing" when CPU and RSS could not be measured. */
  notes: string[];
};

export async function measureCli(
  fake: FakeEndpoint,
  concurrency: number,
  n: number,
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  /** Ends the run (its whole process group) after this long; the notes say so. */
  timeoutMs?: number,
): Promise<CliMeasurement> {
  const timed = existsSync(TIME);
  const full = timed ? [TIME, "-f", "BENCH_TIME %e %U %S %M", ...command] : command;

  await fake.reset();
  const endpointBefore = fake.cpuSeconds();
  const timeline = sampleRequests(fake);
  const load = startLoadMeter();
  const started = performance.now();
  const { code, output, timedOut } = await run(full, cwd, env, timeoutMs);
  const wallS = (performance.now() - started) / 1000;
  const endpointCpuS = fake.cpuSeconds() - endpointBefore;
  // The last match: the tool's own output comes first.
  const time = [...output.matchAll(/BENCH_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/g)].at(-1);
  const cpuS = time ? Number(time[2]) + Number(time[3]) : Number.NaN;
  const otherCores = load.otherCores((Number.isNaN(cpuS) ? 0 : cpuS) + endpointCpuS, wallS);
  const steady = await timeline.stop(n);
  const endpoint = await fake.stats();
  return {
    latencyMs: fake.latencyMs,
    concurrency,
    n,
    wallS,
    steadyPerS: steady?.perSecond ?? null,
    meanInFlight: steady?.meanInFlight ?? null,
    cpuS,
    endpointCpuS,
    otherCores,
    peakRssMb: time ? Number(time[4]) / 1024 : Number.NaN,
    endpoint,
    mustReachConcurrency: false,
    code,
    output,
    notes: [
      ...(timed ? [] : [`${TIME} missing: no CPU or RSS`]),
      ...(timedOut ? [`stopped after ${Math.round((timeoutMs ?? 0) / 1000)} s`] : []),
    ],
  };
}

/**
 * "exit code X (first line that says error; output in <file>)", keeping the whole output in a
 * file under the temp dir for a look afterwards.
 */
export function exitError(name: string, m: CliMeasurement): string {
  const log = join(tmpdir(), `${name}-bench-L${m.latencyMs}-C${m.concurrency}-exit-${m.code}.log`);
  writeFileSync(log, m.output);
  const first = m.output.split("\n").find((line) => /error/i.test(line)) ?? "";
  return `exit code ${m.code} (${first.trim().slice(0, 120)}; output in ${log})`;
}

function run(
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs?: number,
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolvePromise, reject) => {
    const [file, ...args] = command as [string, ...string[]];
    // With a time limit, a process group of its own: the tool's workers end with it.
    const detached = timeoutMs !== undefined;
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached });
    let output = "";
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            try {
              process.kill(-(child.pid as number), "SIGKILL");
            } catch {
              // already gone
            }
          }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output, timedOut });
    });
  });
}
