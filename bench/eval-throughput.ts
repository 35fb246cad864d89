// Evaluation throughput end to end, Assay side by side with its peers (promptfoo, Inspect AI,
// lm-evaluation-harness) and a lean floor, in one run on this machine.
//
// Assay runs as it is deployed: `assay serve` (API, queue and workers in one process, SQLite), a
// fresh process per cell; the bench uploads the cell's prompts as a custom benchmark, registers
// the fake endpoint as a custom model, POSTs one evaluation at concurrency C and polls it until
// `success` (results durable). The peers run the same prompts against the same endpoint, each
// through its own CLI and its own OpenAI-compatible provider and scorer: promptfoo 0.123.1 with
// `-j C` (bench/eval/promptfoo.ts), Inspect AI with `--max-connections C` (inspect.ts),
// lm-evaluation-harness with `num_concurrent=C` (lm-eval.ts). They are installed on first use
// (peer-install.ts): promptfoo with `npm ci` in bench/peers, the Python two with pip, pinned in
// bench/peers/requirements.txt, into bench/peers/.venv-<python version>. The fake OpenAI-compatible
// endpoint (latency L, answers exactly 75 % right) runs in a child process of its own; its CPU is
// reported apart. A run counts only with accuracy exactly 75.00 %, N requests at the endpoint, and
// at most C in flight (Assay: exactly C at some point; a peer's peak in flight is reported when
// it stays under C). Method and targets: shared/research/performance.md §5–§7.
//
//   npm run bench:eval -- --quick               3 latencies × 3 concurrencies, ideal ≥ 5 s each
//   npm run bench:eval                          the same grid, ideal ≥ 10 s each
//   npm run bench:eval -- --cells 50:64,100:256 --n 12800
//   npm run bench:eval -- --no-grid --big       50 000 samples at C = 256, L = 50 ms (peak RSS)
//   DATABASE_URL=postgres://… npm run bench:eval -- --no-grid --two-workers
//   npm run bench:eval -- --cells 50:64 --repeats 8 --no-peers   the cost of repeats: Assay again,
//                                               the same N calls as N/8 prompts asked 8 times
//
// Other flags: --no-peers, --peer-list promptfoo,inspect,lm-eval (the default: all three),
// --peer-max-n N (promptfoo and Inspect need 9–25 ms of CPU per sample, so their N is capped:
// 2000 quick, 6400 full; lm-eval's request loop keeps up with Assay's after its start-up, so it
// runs Assay's N; each row states its N),
// --no-floor (the lean runner's rows), --no-write
// (also run promptfoo with --no-write), --jobs J and --chunk K (ASSAY_WORKER_CONCURRENCY and
// ASSAY_EVAL_CHUNK_SIZE), --no-warmup, --no-probe (event-loop probe), --profile (V8 CPU profile of
// Assay, its hot spots and SQL during the measured run), --wait-quiet S (before each run, wait up
// to S seconds, default 180, for other processes to leave the CPU; 0: don't). Other ASSAY_*
// variables pass through to Assay, PROMPTFOO_* ones to promptfoo.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type AssaySettings, runAssay } from "./eval/assay.ts";
import { type FakeEndpoint, startFakeEndpoint } from "./eval/fake-endpoint.ts";
import { roundUp4, samplesFor } from "./eval/fixture.ts";
import { runFloor } from "./eval/floor.ts";
import { runInspect } from "./eval/inspect.ts";
import { runLmEval } from "./eval/lm-eval.ts";
import { installNodePeers, installPythonPeers } from "./eval/peer-install.ts";
import { waitForQuiet } from "./eval/proc.ts";
import { findPromptfoo, runPromptfoo } from "./eval/promptfoo.ts";
import {
  ideal,
  invalidReasons,
  PEER_KINDS,
  PEER_NAMES,
  percentOfCeiling,
  type RunResult,
  samplesPerSecond,
} from "./eval/result.ts";
import { isPeer, peerRatio, steadyPeerRatio, targetsReport } from "./eval/targets.ts";

const { values: flags } = parseArgs({
  allowNegative: true,
  options: {
    quick: { type: "boolean", default: false },
    grid: { type: "boolean", default: true },
    cells: { type: "string" },
    n: { type: "string" },
    peers: { type: "boolean", default: true },
    "peer-list": { type: "string", default: PEER_KINDS.join(",") },
    floor: { type: "boolean", default: true },
    "peer-max-n": { type: "string" },
    write: { type: "boolean", default: true },
    big: { type: "boolean", default: false },
    "big-n": { type: "string", default: "50000" },
    "two-workers": { type: "boolean", default: false },
    "split-cell": { type: "string", default: "50:64" },
    repeats: { type: "string", default: "1" },
    jobs: { type: "string", default: process.env.ASSAY_WORKER_CONCURRENCY ?? "4" },
    chunk: { type: "string", default: process.env.ASSAY_EVAL_CHUNK_SIZE ?? "1000" },
    warmup: { type: "boolean", default: true },
    probe: { type: "boolean", default: true },
    profile: { type: "boolean", default: false },
    "wait-quiet": { type: "string", default: "180" },
    help: { type: "boolean", default: false },
  },
});

if (flags.help) {
  // The usage is this file's opening comment.
  const source = readFileSync(new URL(import.meta.url), "utf8").split("\n");
  const usage = source.slice(
    0,
    source.findIndex((line) => !line.startsWith("//")),
  );
  console.log(usage.map((line) => line.replace(/^\/\/ ?/, "")).join("\n"));
  process.exit(0);
}

const seconds = flags.quick ? 5 : 10;
const peerMaxN = Number(flags["peer-max-n"] ?? (flags.quick ? 2000 : 6400));
const settings: AssaySettings = {
  jobs: Number(flags.jobs),
  chunk: Number(flags.chunk),
  warmup: flags.warmup,
  probe: flags.probe,
  profileDir: flags.profile ? mkdtempSync(join(tmpdir(), "assay-bench-profile-")) : undefined,
};

interface Cell {
  latencyMs: number;
  concurrency: number;
}
const parseCells = (text: string): Cell[] =>
  text
    .split(",")
    .filter((s) => s.trim() !== "")
    .map((pair) => {
      const [latencyMs, concurrency] = pair.split(":").map(Number);
      if (!latencyMs || !concurrency) throw new Error(`--cells: expected L:C, got "${pair}"`);
      return { latencyMs, concurrency };
    });
const grid: Cell[] = !flags.grid
  ? []
  : flags.cells
    ? parseCells(flags.cells)
    : [20, 50, 100].flatMap((latencyMs) =>
        [16, 64, 256].map((concurrency) => ({ latencyMs, concurrency })),
      );
const samples = (cell: Cell) =>
  flags.n ? roundUp4(Number(flags.n)) : samplesFor(cell.latencyMs, cell.concurrency, seconds);

const peerList = new Set(flags.peers ? flags["peer-list"].split(",").filter((s) => s !== "") : []);
for (const kind of peerList)
  if (!(PEER_KINDS as readonly string[]).includes(kind))
    throw new Error(`--peer-list: "${kind}" is none of ${PEER_KINDS.join(", ")}`);
const nodePeersProblem = peerList.has("promptfoo") ? installNodePeers() : undefined;
if (nodePeersProblem) console.log(`promptfoo: not installed (${nodePeersProblem}), left out`);
const promptfoo = peerList.has("promptfoo") ? findPromptfoo() : undefined;
const pythonPeers =
  peerList.has("inspect") || peerList.has("lm-eval") ? installPythonPeers() : undefined;
if (typeof pythonPeers === "string")
  console.log(`Inspect AI and lm-eval: not installed (${pythonPeers}), left out`);
const python = typeof pythonPeers === "string" ? undefined : pythonPeers;
const peerNames = [
  ...(promptfoo ? [`promptfoo ${promptfoo.version}`] : []),
  ...(python && peerList.has("inspect") ? [`inspect-ai ${python.versions["inspect-ai"]}`] : []),
  ...(python && peerList.has("lm-eval") ? [`lm-eval ${python.versions["lm-eval"]}`] : []),
];

console.log(
  `Eval throughput, ${flags.quick ? "quick (ideal ≥ 5 s)" : "full (ideal ≥ 10 s)"}; Assay: serve, SQLite, ` +
    `${settings.jobs} jobs × ${settings.chunk}-prompt chunks${settings.warmup ? ", after a warm-up run" : ""}; ` +
    `${peerNames.length > 0 ? `peers ${peerNames.join(", ")} (promptfoo and Inspect: N ≤ ${peerMaxN})` : "no peers"}; node ${process.version}`,
);
const loadAverage = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
console.log(
  `load average ${loadAverage}${loadAverage > 0.5 ? ": the machine is busy, figures will be noisy (see 'other load')" : ""}\n`,
);

/** Other processes using more than this many cores during a run make its figures doubtful. */
const NOISY_CORES = 0.15;

const results: RunResult[] = [];
const endpoints = new Map<number, FakeEndpoint>();
const endpointFor = async (latencyMs: number) => {
  let endpoint = endpoints.get(latencyMs);
  if (!endpoint) {
    endpoint = await startFakeEndpoint(latencyMs);
    endpoints.set(latencyMs, endpoint);
  }
  return endpoint;
};

const record = (result: RunResult) => {
  results.push(result);
  console.log(describe(result));
};
const quietSeconds = Number(flags["wait-quiet"]);
const attempt = async (label: string, run: () => Promise<RunResult>) => {
  if (quietSeconds > 0) {
    const waited = await waitForQuiet(quietSeconds);
    if (waited === undefined)
      console.log(`${label}: the machine stayed busy for ${quietSeconds} s; running anyway`);
    else if (waited > 3) console.log(`(waited ${waited.toFixed(0)} s for the machine to quieten)`);
  }
  try {
    record(await run());
  } catch (error) {
    console.log(`${label}: FAILED ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  }
};

try {
  for (const cell of grid) {
    const fake = await endpointFor(cell.latencyMs);
    const n = samples(cell);
    const label = `L=${cell.latencyMs} C=${cell.concurrency}`;
    if (flags.floor) await attempt(`floor ${label}`, () => runFloor(fake, cell.concurrency, n));
    await attempt(`assay ${label}`, () => runAssay(fake, cell.concurrency, n, settings));
    const repeats = Number(flags.repeats);
    if (repeats > 1) {
      // Whole prompts of exactly 75 %: N rounded up to a multiple of 4 × repeats.
      const nR = Math.ceil(n / (4 * repeats)) * 4 * repeats;
      await attempt(`assay ${label} ×${repeats}`, () =>
        runAssay(fake, cell.concurrency, nR, { ...settings, repeats }),
      );
    }
    const peerN = Math.min(n, roundUp4(peerMaxN));
    if (promptfoo) {
      await attempt(`promptfoo ${label}`, () =>
        runPromptfoo(fake, cell.concurrency, peerN, { write: true }),
      );
      if (!flags.write)
        await attempt(`promptfoo --no-write ${label}`, () =>
          runPromptfoo(fake, cell.concurrency, peerN, { write: false }),
        );
    }
    if (python && peerList.has("inspect"))
      await attempt(`inspect ${label}`, () => runInspect(fake, cell.concurrency, peerN, python));
    if (python && peerList.has("lm-eval"))
      await attempt(`lm-eval ${label}`, () => runLmEval(fake, cell.concurrency, n, python));
  }
  if (flags.big) {
    const fake = await endpointFor(50);
    await attempt("assay big", () =>
      runAssay(fake, 256, roundUp4(Number(flags["big-n"])), settings),
    );
  }
  if (flags["two-workers"]) {
    const [cell] = parseCells(flags["split-cell"]);
    if (!process.env.DATABASE_URL) {
      console.log(
        "two workers: skipped, DATABASE_URL is not set (the split mode needs PostgreSQL)",
      );
    } else if (cell) {
      const fake = await endpointFor(cell.latencyMs);
      await attempt("assay two workers", () =>
        runAssay(fake, cell.concurrency, samples(cell), { ...settings, splitWorkers: 2 }),
      );
    }
  }
} finally {
  await Promise.all([...endpoints.values()].map((e) => e.close()));
}

if (settings.profileDir) console.log(`\nCPU profiles: ${settings.profileDir}`);
console.log(`\n${targetsReport(results)}\n\n${markdown()}\n\n${peerTable()}`);
if (results.some((r) => invalidReasons(r).length > 0)) process.exitCode = 1;

function ratio(peer: RunResult): number | undefined {
  return peerRatio(results, peer);
}

function steadyRatio(peer: RunResult): number | undefined {
  return steadyPeerRatio(results, peer);
}

/** The peer's peak in flight when it stayed under C (what it reached), else nothing. */
function reached(r: RunResult): string | undefined {
  return isPeer(r) && r.endpoint.maxInFlight < r.concurrency
    ? `reached ${r.endpoint.maxInFlight} in flight of C = ${r.concurrency}`
    : undefined;
}

function steadyPercent(r: RunResult): string {
  return r.steadyPerS === null ? "n/a" : `${percentOfCeiling(r, r.steadyPerS).toFixed(1)} %`;
}

function describe(r: RunResult): string {
  const reasons = invalidReasons(r);
  const x = ratio(r);
  return [
    `${r.tool.padEnd(26)} L=${String(r.latencyMs).padStart(3)} C=${String(r.concurrency).padStart(3)} N=${String(r.n).padStart(6)}`,
    `wall ${r.wallS.toFixed(2)} s (ideal ${ideal(r).toFixed(2)})`,
    `${samplesPerSecond(r).toFixed(0)} samples/s`,
    `${percentOfCeiling(r).toFixed(1)} % of C/L`,
    `steady ${steadyPercent(r)}`,
    `mean in flight ${r.meanInFlight === null ? "n/a" : r.meanInFlight.toFixed(0)}`,
    `CPU ${fixed((r.cpuS * 1000) / r.n, 3)} ms/sample`,
    `endpoint ${fixed((r.endpointCpuS * 1000) / r.n, 3)} ms/sample`,
    `peak RSS ${fixed(r.peakRssMb, 0)} MB`,
    `accuracy ${r.accuracy === null ? "n/a" : `${(r.accuracy * 100).toFixed(2)} %`}`,
    `requests ${r.endpoint.requests}, maxInFlight ${r.endpoint.maxInFlight}, new connections ${r.endpoint.connections}${r.kind === "assay" ? " (pool warm)" : ""}`,
    ...(r.probe === undefined
      ? []
      : [
          `ELU ${r.probe.elu.toFixed(2)}${r.tool === "assay" ? ` (SQLite ${(r.probe.sqliteShare * 100).toFixed(0)} % of the time)` : ""}, loop delay p99 ${r.probe.delayP99Ms.toFixed(1)} ms, max ${r.probe.delayMaxMs.toFixed(0)} ms, V8 heap in use ≤ ${r.probe.heapMaxMb.toFixed(0)} MB`,
        ]),
    ...(x === undefined || !isPeer(r) ? [] : [`Assay ÷ ${PEER_NAMES[r.kind]} ${x.toFixed(1)}×`]),
    ...[reached(r)].filter((note) => note !== undefined),
    `other load ${r.otherCores.toFixed(2)} cores${r.otherCores > NOISY_CORES ? " (NOISY: another process used the CPU)" : ""}`,
    ...r.notes,
    reasons.length === 0 ? "VALID" : `INVALID: ${reasons.join("; ")}`,
  ].join(" · ");
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}

function markdown(): string {
  const rows = results.map((r) => {
    const reasons = invalidReasons(r);
    const x = ratio(r);
    return [
      r.tool,
      r.latencyMs,
      r.concurrency,
      r.n,
      `${r.wallS.toFixed(2)} (${ideal(r).toFixed(2)})`,
      samplesPerSecond(r).toFixed(0),
      `${percentOfCeiling(r).toFixed(1)} %`,
      steadyPercent(r),
      fixed((r.cpuS * 1000) / r.n, 3),
      fixed((r.endpointCpuS * 1000) / r.n, 3),
      fixed(r.peakRssMb, 0),
      r.accuracy === null ? "n/a" : `${(r.accuracy * 100).toFixed(2)} %`,
      `${r.endpoint.requests} / ${r.endpoint.maxInFlight} / ${r.endpoint.connections}`,
      r.otherCores.toFixed(2),
      x === undefined ? "" : `${x.toFixed(1)}×`,
      reasons.length === 0 ? "valid" : `INVALID: ${reasons.join("; ")}`,
    ]
      .map((cell) => String(cell).replaceAll("|", "\\|"))
      .join(" | ");
  });
  return [
    "| Tool | L ms | C | N | wall s (ideal) | samples/s | % of C/L | steady % of C/L | CPU ms/sample | endpoint CPU ms/sample | peak RSS MB | accuracy | requests / max in flight / new connections | other load (cores) | Assay ÷ this peer | |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/**
 * Per cell and peer: Assay ÷ the peer end to end (the peer's start-up included, at its N) and
 * over both steady stretches, and the peer's N, CPU per sample, peak RSS and peak in flight.
 */
function peerTable(): string {
  const rows = results
    .filter((r) => ratio(r) !== undefined)
    .map((r) =>
      [
        r.latencyMs,
        r.concurrency,
        r.tool,
        r.n,
        samplesPerSecond(r).toFixed(0),
        `${ratio(r)?.toFixed(1)}×`,
        r.steadyPerS === null ? "n/a" : r.steadyPerS.toFixed(0),
        steadyRatio(r) === undefined ? "n/a" : `${steadyRatio(r)?.toFixed(1)}×`,
        fixed((r.cpuS * 1000) / r.n, 2),
        fixed(r.peakRssMb, 0),
        `${r.endpoint.maxInFlight} / ${r.concurrency}`,
        invalidReasons(r).length === 0 ? "valid" : "INVALID",
      ].join(" | "),
    );
  if (rows.length === 0) return "Peers: none measured";
  return [
    "| L ms | C | peer | N | samples/s | Assay ÷ peer | steady samples/s | Assay ÷ peer, steady | CPU ms/sample | peak RSS MB | peak in flight / C | |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}
