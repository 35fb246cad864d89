// The code sandbox (issue 30) under load, beside a running service: 1,000 executions of
// HumanEval's canonical solutions (the authors' 164 programs, in turn), each in a fresh
// bubblewrap sandbox, at the default bound (one at a time per core), while a prober asks the
// service's `GET /health` every 20 ms. Reported side by side with the same prober on the idle
// service: /health p50/p99, executions per second, and the peak memory of the sandboxes (the
// resident sets of every process the executions made, summed, sampled every 50 ms) and of the
// process that runs them.
//
// The executions run in this process, beside the service rather than in its worker, so that
// /health shows what they cost the service through the shared cores alone.
//
//   npm run bench:sandbox
//   BENCH_EXECUTIONS=2000 npm run bench:sandbox

import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@assay/test-kit/free-port.ts";
import { humanevalCases } from "@assay/test-kit/humaneval-problems.ts";
import { openSandbox } from "../packages/server/src/engine/sandbox/sandbox.ts";
import { pythonTestsProgram } from "../packages/server/src/engine/scorers/code/python-tests.ts";
import { type ProbeStats, startProber } from "./support/latency-prober.ts";
import { startAssayServe, stopProcess } from "./support/processes.ts";

const EXECUTIONS = Number(process.env.BENCH_EXECUTIONS ?? 1000);
const IDLE_MS = 3000;
const API_KEY = "assay_bench_sandbox_key_0123456789ab";

/** The resident memory (MB) of this process's descendants, summed, from ps. */
function descendantsRssMb(): number {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const rss = new Map(rows.map(([pid, , kb]) => [pid, kb]));
  let total = 0;
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (pid === service.pid) continue; // the service is not a sandbox
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}

const line = (name: string, s: ProbeStats) =>
  `${name.padEnd(26)} p50 ${s.p50Ms.toFixed(1).padStart(6)} ms  p99 ${s.p99Ms.toFixed(1).padStart(6)} ms  max ${s.maxMs.toFixed(1).padStart(6)} ms  (${s.samples} probes, failures ${JSON.stringify(s.failures)})`;

const cases = humanevalCases();
const sandbox = await openSandbox();
const port = await freePort();
const service = await startAssayServe({
  port,
  dataDir: mkdtempSync(join(tmpdir(), "assay-bench-sandbox-")),
  apiKey: API_KEY,
});
const health = `http://127.0.0.1:${port}/api/v1/health`;
try {
  const idleProber = startProber(health, {});
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idle = await idleProber.stop();

  let peakSandboxMb = 0;
  let peakSelfMb = 0;
  const sampler = setInterval(() => {
    peakSandboxMb = Math.max(peakSandboxMb, descendantsRssMb());
    peakSelfMb = Math.max(peakSelfMb, process.memoryUsage.rss() / 1024 / 1024);
  }, 50);
  const busyProber = startProber(health, {});
  const started = performance.now();
  const runs = await Promise.all(
    Array.from({ length: EXECUTIONS }, (_, i) => {
      const { problem, prompt } = cases[i % cases.length]!;
      return sandbox.run(pythonTestsProgram(problem.canonical_solution, prompt.truth));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const busy = await busyProber.stop();
  clearInterval(sampler);

  const passed = runs.filter((run) => run.exit === "passed").length;
  console.log(
    `${EXECUTIONS} executions, ${availableParallelism()} at once: ${passed} passed, ` +
      `${(EXECUTIONS / seconds).toFixed(1)} executions/s (${seconds.toFixed(1)} s)`,
  );
  console.log(
    `peak memory: sandboxes ${peakSandboxMb.toFixed(0)} MB, runner process ${peakSelfMb.toFixed(0)} MB`,
  );
  console.log(line("/health, idle", idle));
  console.log(line("/health, while executing", busy));
  console.log(`/health p99 while executing / idle: ${(busy.p99Ms / idle.p99Ms).toFixed(2)}×`);
} finally {
  await stopProcess(service);
}
