// Worker scaling: `assay serve --no-workers` plus 1, 2, 3 … `assay worker` processes on PostgreSQL
// sharing one evaluation, on the CPU-bound cell of the eval bench (fake endpoint latency L 20 ms,
// concurrency C 256). Per worker count: samples/s end to end and steady (the middle 80 % of the
// requests), the speed-up over one worker, CPU per sample of each process (the API process and each
// worker), the fake endpoint's and PostgreSQL's own CPU (all share the machine's cores), the load
// average and the other processes' load, and PostgreSQL round trips per chunk and per sample by
// kind (each Assay process preloads bench/workers/pg-probe.ts, which counts its queries), what the
// database's backends wait on (bench/workers/wait-events.ts), the mean calls in flight at the
// endpoint over the steady stretch and the workers' mean event-loop utilization
// (bench/eval/elu-probe.ts).
// Everything else is the eval bench's method (bench/eval/assay.ts): a fresh database and fresh
// processes per run, a warm-up evaluation first, a run counts only at exactly 75.00 %, N requests
// and at most C in flight.
//
//   DATABASE_URL=postgres://… npm run bench:workers
//
// Settings, as environment variables (defaults in brackets):
//   BENCH_L [20] latency ms · BENCH_C [256] concurrency · BENCH_N [25600] samples
//   BENCH_WORKERS [1,2,3] worker counts, in order · BENCH_ROUNDS [1] times through the list
//   BENCH_WAIT_QUIET [60] seconds to wait for a quiet machine before each run (0: don't)
//   ASSAY_WORKER_CONCURRENCY [4] jobs per worker · ASSAY_EVAL_CHUNK_SIZE [500] prompts per job
//   (the service's defaults); other ASSAY_* variables pass through to Assay.
import { readFileSync } from "node:fs";
import { runAssay } from "./eval/assay.ts";
import { startFakeEndpoint } from "./eval/fake-endpoint.ts";
import { roundUp4 } from "./eval/fixture.ts";
import { waitForQuiet } from "./eval/proc.ts";
import {
  invalidReasons,
  percentOfCeiling,
  type RunResult,
  samplesPerSecond,
} from "./eval/result.ts";
import { callsByKind, topStatements } from "./workers/statements.ts";

const env = process.env;
const latencyMs = Number(env.BENCH_L ?? 20);
const concurrency = Number(env.BENCH_C ?? 256);
const n = roundUp4(Number(env.BENCH_N ?? 25_600));
const workerCounts = (env.BENCH_WORKERS ?? "1,2,3").split(",").map(Number);
const rounds = Number(env.BENCH_ROUNDS ?? 1);
const waitQuiet = Number(env.BENCH_WAIT_QUIET ?? 60);
const jobs = Number(env.ASSAY_WORKER_CONCURRENCY ?? 4);
const chunk = Number(env.ASSAY_EVAL_CHUNK_SIZE ?? 500);
for (const [name, value] of Object.entries({ latencyMs, concurrency, n, jobs, chunk, rounds }))
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name}: expected a positive integer`);
if (workerCounts.some((w) => !Number.isInteger(w) || w <= 0))
  throw new Error(`BENCH_WORKERS: expected counts like 1,2,3, got "${env.BENCH_WORKERS}"`);
if (!env.DATABASE_URL) {
  console.log("worker scaling needs PostgreSQL: set DATABASE_URL=postgres://…");
  process.exit(1);
}

const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
const chunks = Math.ceil(n / chunk);
console.log(
  `Worker scaling: L ${latencyMs} ms, C ${concurrency}, N ${n} (${chunks} chunks of ${chunk}), ` +
    `${jobs} jobs per worker, workers ${workerCounts.join(", ")} × ${rounds} round(s); node ${process.version}\n`,
);

interface Measured {
  workers: number;
  result: RunResult;
  loadBefore: number;
  loadAfter: number;
}
const measured: Measured[] = [];
const fake = await startFakeEndpoint(latencyMs);
try {
  for (let round = 0; round < rounds; round += 1)
    for (const workers of workerCounts) {
      if (waitQuiet > 0 && (await waitForQuiet(waitQuiet)) === undefined)
        console.log(`(the machine stayed busy for ${waitQuiet} s; running anyway)`);
      const loadBefore = loadAverage();
      try {
        const result = await runAssay(fake, concurrency, n, {
          jobs,
          chunk,
          warmup: true,
          probe: true,
          splitWorkers: workers,
          pgProbe: true,
        });
        const m = { workers, result, loadBefore, loadAfter: loadAverage() };
        measured.push(m);
        console.log(describe(m));
      } catch (error) {
        console.log(`${workers} workers: FAILED ${(error as Error).stack ?? String(error)}`);
        process.exitCode = 1;
      }
    }
} finally {
  await fake.close();
}

console.log(`\n${table()}\n\n${roundTrips()}`);
if (measured.some((m) => invalidReasons(m.result).length > 0)) process.exitCode = 1;

/** The best one-worker run's samples/s: the base of the speed-ups. */
function base(): number | undefined {
  const ones = measured.filter((m) => m.workers === 1).map((m) => samplesPerSecond(m.result));
  return ones.length === 0 ? undefined : Math.max(...ones);
}

function perSampleMs(seconds: number | undefined, r: RunResult): string {
  return seconds === undefined ? "n/a" : ((seconds * 1000) / r.n).toFixed(3);
}

function cores(seconds: number | undefined, r: RunResult): string {
  return seconds === undefined ? "n/a" : (seconds / r.wallS).toFixed(2);
}

function describe(m: Measured): string {
  const r = m.result;
  const reasons = invalidReasons(r);
  const processes = (r.processes ?? []).map((p) => `${p.name} ${perSampleMs(p.cpuS, r)}`);
  return [
    `${m.workers} worker(s)`,
    `wall ${r.wallS.toFixed(2)} s`,
    `${samplesPerSecond(r).toFixed(0)} samples/s (${percentOfCeiling(r).toFixed(1)} % of C/L)`,
    `steady ${r.steadyPerS?.toFixed(0) ?? "n/a"}`,
    `mean in flight ${r.meanInFlight?.toFixed(0) ?? "n/a"}`,
    `workers' ELU ${r.probe?.elu.toFixed(2) ?? "n/a"}`,
    `CPU ms/sample ${processes.join(", ")}`,
    `endpoint ${perSampleMs(r.endpointCpuS, r)} (${cores(r.endpointCpuS, r)} cores)`,
    `PostgreSQL ${perSampleMs(r.databaseCpuS, r)} (${cores(r.databaseCpuS, r)} cores)`,
    `load average ${m.loadBefore} → ${m.loadAfter}`,
    `other load ${r.otherCores.toFixed(2)} cores`,
    `max in flight ${r.endpoint.maxInFlight}`,
    reasons.length === 0 ? "VALID" : `INVALID: ${reasons.join("; ")}`,
  ].join(" · ");
}

function table(): string {
  const one = base();
  const rows = measured.map((m) => {
    const r = m.result;
    const workers = (r.processes ?? []).filter((p) => p.name !== "serve");
    const serve = r.processes?.find((p) => p.name === "serve");
    const assayCores = (r.processes ?? []).reduce((s, p) => s + p.cpuS, 0) / r.wallS;
    return [
      m.workers,
      samplesPerSecond(r).toFixed(0),
      r.steadyPerS?.toFixed(0) ?? "n/a",
      r.meanInFlight?.toFixed(0) ?? "n/a",
      r.probe?.elu.toFixed(2) ?? "n/a",
      one === undefined ? "n/a" : `${(samplesPerSecond(r) / one).toFixed(2)}×`,
      workers.map((p) => perSampleMs(p.cpuS, r)).join(" / "),
      perSampleMs(serve?.cpuS, r),
      assayCores.toFixed(2),
      `${perSampleMs(r.endpointCpuS, r)} (${cores(r.endpointCpuS, r)})`,
      `${perSampleMs(r.databaseCpuS, r)} (${cores(r.databaseCpuS, r)})`,
      `${m.loadBefore} → ${m.loadAfter}`,
      r.otherCores.toFixed(2),
      invalidReasons(r).length === 0 ? "valid" : "INVALID",
    ].join(" | ");
  });
  return [
    `L ${latencyMs} ms, C ${concurrency}, N ${n}, ${chunk}-prompt chunks, ${jobs} jobs per worker; speed-up over the best 1-worker run [target: 2 workers ≥ 1.5×]`,
    "| workers | samples/s | steady samples/s | mean in flight (steady) | workers' event-loop utilization | speed-up | CPU ms/sample, each worker | CPU ms/sample, API process | Assay cores | endpoint CPU ms/sample (cores) | PostgreSQL CPU ms/sample (cores) | load average (before → after) | other load (cores) | |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/** PostgreSQL round trips of the workers during each run: per chunk and per 1,000 samples, by kind. */
function roundTrips(): string {
  const lines: string[] = [];
  for (const m of measured) {
    const tallies = Object.entries(m.result.pgTallies ?? {})
      .filter(([name]) => name !== "serve")
      .map(([, tally]) => tally);
    if (tallies.length === 0) continue;
    const byKind = [...callsByKind(tallies)].sort((a, b) => b[1] - a[1]);
    const total = byKind.reduce((s, [, calls]) => s + calls, 0);
    lines.push(
      `${m.workers} worker(s): ${total} queries from the workers, ${(total / chunks).toFixed(1)} per chunk, ${((total * 1000) / n).toFixed(1)} per 1,000 samples; by kind (per chunk): ` +
        byKind.map(([kind, calls]) => `${kind} ${(calls / chunks).toFixed(1)}`).join(", "),
    );
    const waits = (m.result.databaseWaits ?? [])
      .slice(0, 8)
      .map((w) => `    ${w.backends.toFixed(2).padStart(6)}  ${w.what}`);
    lines.push("  database backends busy (mean count), by wait and statement:", ...waits);
    lines.push("  the workers' most frequent statements:");
    for (const s of topStatements(tallies, 8))
      lines.push(
        `    ${String(s.calls).padStart(6)} calls, ${s.meanMs.toFixed(1).padStart(6)} ms mean  ${s.statement}`,
      );
  }
  return lines.length === 0 ? "Round trips: none counted" : `Round trips:\n${lines.join("\n")}`;
}
