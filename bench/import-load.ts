// Whether trace imports leave the rest of the API answering (issue 17, defect 2).
//
// For each file format, a fresh `assay serve` on a fresh database takes, through the HTTP API as
// clients send them (upload URL, PUT, then `POST …/traces`), first one trace file just under the
// 50 MiB upload limit alone, then 10 such files at once (uploaded first, each its own presigned
// PUT; the 10 POSTs fired together). Meanwhile two probers each keep one request in flight, one
// every ~20 ms: `GET /health` and an authenticated `GET …/models` (the API key and the project's
// models, both read from the database). Reported: the imports' wall time, the 503s (a bounded
// import queue may answer 503 with Retry-After; the bench waits that long and asks again, so all
// imports end stored), the probes' latencies (p50, p99, max) and the longest time without an
// answer, and the server's peak RSS (VmHWM, reset before the POSTs) next to its RSS before them.
// Targets: p99 ≤ 100 ms for each prober during the 10 imports, peak RSS ≤ 300 MB, one import
// alone ≤ 2 s. A missed target is printed, not an error: this is a measurement.
// "other load" is the machine's CPU beyond the service's and this process's: on PostgreSQL it
// includes the database server's own work.
//
//   npm run bench:import-load                          SQLite
//   DATABASE_URL=postgres://… npm run bench:import-load
//   BENCH_FORMATS=jsonl npm run bench:import-load      one format (jsonl | json: one JSON array)
//   BENCH_SHAPE=small npm run bench:import-load        the record shape (large, the default | small)
//   BENCH_IMPORTS=10 npm run bench:import-load         imports at once
import type { ChildProcess } from "node:child_process";
import { createTestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import {
  cpuSeconds,
  peakRssMb,
  resetPeakRss,
  rssMb,
  startLoadMeter,
  waitForQuiet,
} from "./eval/proc.ts";
import { type ProbeStats, startProber } from "./support/latency-prober.ts";
import { startAssayServe, stopProcess } from "./support/processes.ts";
import {
  generateTraceFile,
  TRACE_FILE_TYPES,
  TRACE_SHAPES,
  type TraceFileFormat,
  type TraceShape,
} from "./support/trace-file.ts";

const API_KEY = "assay_bench_import_load_key_0123456789";
const HEADERS = { "x-api-key": API_KEY, "content-type": "application/json" };
const TARGET_P99_MS = 100;
const TARGET_RSS_MB = 300;
const TARGET_ALONE_S = 2.0;
/** The server's last output kept, shown when a run fails. */
const OUTPUT_TAIL_CHARS = 20_000;

interface Service {
  process: ChildProcess;
  pid: number;
  base: string;
  project: string;
  /** The tail of the server's stdout and stderr. */
  output(): string;
}

interface TraceFile {
  format: TraceFileFormat;
  bytes: Buffer;
  lines: number;
}

/** What one phase (one import alone, or N at once) measured. */
interface Phase {
  imports: number;
  wallMs: number;
  /** 503 answers, each waited out (Retry-After) and asked again. */
  retries: number;
  retryAfterS: number[];
  health: ProbeStats;
  authenticated: ProbeStats;
  rssBeforeMb: number;
  peakRssMb: number;
  sampledPeakMb: number;
  serverCpuS: number;
  otherCores: number;
}

interface Cell {
  format: TraceFileFormat;
  mb: number;
  lines: number;
  idleRssMb: number;
  alone: Phase;
  concurrent: Phase;
  storedTraces: number;
}

async function api<T>(service: Service, method: string, path: string, body?: unknown) {
  const res = await fetch(service.base + path, {
    method,
    headers: HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

async function startService(databaseUrl: string | undefined, dataDir: string): Promise<Service> {
  const port = await freePort();
  const child = await startAssayServe({ port, dataDir, databaseUrl, apiKey: API_KEY });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.once("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGTERM")
      console.error(`assay serve exited (${code ?? signal}):\n${output}`);
  });
  const service: Service = {
    process: child,
    pid: child.pid as number,
    base: `http://127.0.0.1:${port}/api/v1`,
    project: "",
    output: () => output,
  };
  const org = await api<{ data: { id: string; projects: { id: string }[] } }>(
    service,
    "GET",
    "/organizations",
  );
  service.project = `/organizations/${org.data.id}/projects/${org.data.projects[0]?.id}`;
  return service;
}

/** The presigned-URL upload of wire protocol §9.1: ask for the URL, then PUT the bytes. */
async function upload(service: Service, file: TraceFile, filename: string): Promise<void> {
  const url = await api<{ data: { url: string; headers: Record<string, string> } }>(
    service,
    "POST",
    `${service.project}/traces/upload`,
    { filename, type: TRACE_FILE_TYPES[file.format], size: file.bytes.length },
  );
  const put = await fetch(url.data.url, {
    method: "PUT",
    headers: url.data.headers,
    body: file.bytes,
  });
  if (!put.ok) throw new Error(`upload PUT ${filename}: ${put.status} ${await put.text()}`);
}

/** `POST …/traces` until it is stored: a 503 is waited out (its Retry-After) and sent again. */
async function importFile(service: Service, filename: string, lines: number) {
  const retryAfterS: number[] = [];
  for (;;) {
    const res = await fetch(`${service.base}${service.project}/traces`, {
      method: "POST",
      headers: HEADERS,
      body: JSON.stringify({ filename }),
    });
    const text = await res.text();
    if (res.status === 503) {
      const seconds = Number(res.headers.get("retry-after"));
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new Error(`503 for ${filename} without a Retry-After in seconds: ${text}`);
      retryAfterS.push(seconds);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`POST …/traces ${filename}: ${res.status} ${text.slice(0, 500)}`);
    const created = JSON.parse(text) as { data: { trace_ids: string[] } };
    if (created.data.trace_ids.length !== lines)
      throw new Error(`${filename}: ${created.data.trace_ids.length} traces, not ${lines}`);
    return retryAfterS;
  }
}

/** Imports the (already uploaded) files at once, with the probers asking all along. */
async function measureImports(service: Service, file: TraceFile, filenames: string[]) {
  if ((await waitForQuiet(120)) === undefined)
    console.warn("the machine stayed busy: noisy figures");
  // The imports' own peak: VmHWM restarts from the current RSS (the uploads' peak aside).
  if (!resetPeakRss(service.pid)) console.warn("could not reset VmHWM: peak includes the uploads");
  const rssBeforeMb = rssMb(service.pid);
  let sampledPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    sampledPeakMb = Math.max(sampledPeakMb, rssMb(service.pid));
  }, 10);
  const cpuBefore = cpuSeconds(service.pid);
  const load = startLoadMeter();

  const health = startProber(`${service.base}/health`, {});
  const authenticated = startProber(`${service.base}${service.project}/models`, HEADERS);
  const start = performance.now();
  const retryAfterS = (
    await Promise.all(filenames.map((name) => importFile(service, name, file.lines)))
  ).flat();
  const wallMs = performance.now() - start;
  const [healthStats, authenticatedStats] = await Promise.all([
    health.stop(),
    authenticated.stop(),
  ]);
  clearInterval(sampler);
  const serverCpuS = cpuSeconds(service.pid) - cpuBefore;

  return {
    imports: filenames.length,
    wallMs,
    retries: retryAfterS.length,
    retryAfterS,
    health: healthStats,
    authenticated: authenticatedStats,
    rssBeforeMb,
    peakRssMb: peakRssMb(service.pid),
    sampledPeakMb,
    serverCpuS,
    otherCores: load.otherCores(serverCpuS, wallMs / 1000),
  } satisfies Phase;
}

async function runFormat(format: TraceFileFormat, shape: TraceShape, imports: number) {
  const { bytes, lines } = generateTraceFile(shape, format);
  const file: TraceFile = { format, bytes, lines };
  const database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "sqlite");
  const service = await startService(database.url, database.dataDir);
  try {
    const idleRssMb = rssMb(service.pid);

    const aloneName = `bench-alone.${format}`;
    await upload(service, file, aloneName);
    const alone = await measureImports(service, file, [aloneName]);

    const names = Array.from({ length: imports }, (_, i) => `bench-load-${i + 1}.${format}`);
    for (const name of names) await upload(service, file, name);
    const concurrent = await measureImports(service, file, names);

    const listed = await api<{ data: { total_count: number } }>(
      service,
      "GET",
      `${service.project}/traces?page_size=1`,
    );
    const storedTraces = listed.data.total_count;
    if (storedTraces !== lines * (imports + 1))
      throw new Error(`the project holds ${storedTraces} traces, not ${lines} × ${imports + 1}`);

    return { format, mb: bytes.length / 1e6, lines, idleRssMb, alone, concurrent, storedTraces };
  } catch (error) {
    console.error(`assay serve's last output:\n${service.output()}`);
    throw error;
  } finally {
    await stopProcess(service.process);
    await database.drop();
  }
}

const formats = (process.env.BENCH_FORMATS ?? "jsonl,json").split(",") as TraceFileFormat[];
for (const format of formats)
  if (!(format in TRACE_FILE_TYPES)) throw new Error(`unknown format ${format} (jsonl | json)`);
const shape = (process.env.BENCH_SHAPE ?? "large") as TraceShape;
if (!(shape in TRACE_SHAPES)) throw new Error(`unknown shape ${shape} (large | small)`);
const imports = Number(process.env.BENCH_IMPORTS ?? 10);
const label = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
console.log(
  `Imports under load: 1 then ${imports} trace files just under 50 MiB (${shape} records), ${label}; ` +
    "probers: GET /health and GET …/models, one in flight each, every 20 ms\n",
);

const cells: Cell[] = [];
for (const format of formats) {
  const cell = await runFormat(format, shape, imports);
  console.log(
    `${format}: ${cell.lines} records, ${cell.mb.toFixed(1)} MB; alone ${Math.round(cell.alone.wallMs)} ms, ` +
      `${imports} at once ${Math.round(cell.concurrent.wallMs)} ms; ${cell.storedTraces} traces stored`,
  );
  cells.push(cell);
}

const ms = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : "–");
const latency = (p: ProbeStats) => `${ms(p.p50Ms)} / ${ms(p.p99Ms)} / ${ms(p.maxMs)}`;
console.log(
  `\n| database | format | imports | wall s | 503s | /health p50 / p99 / max ms | GET …/models p50 / p99 / max ms | probes | longest gap ms | RSS before MB | peak RSS MB | server CPU s | other load (cores) |`,
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const c of cells)
  for (const p of [c.alone, c.concurrent])
    console.log(
      `| ${label} | ${c.format} | ${p.imports} | ${(p.wallMs / 1000).toFixed(2)} | ${p.retries} | ` +
        `${latency(p.health)} | ${latency(p.authenticated)} | ` +
        `${p.health.samples} + ${p.authenticated.samples} | ` +
        `${ms(Math.max(p.health.longestGapMs, p.authenticated.longestGapMs))} | ` +
        `${ms(p.rssBeforeMb)} | ${ms(p.peakRssMb)} | ${p.serverCpuS.toFixed(1)} | ${p.otherCores.toFixed(2)} |`,
    );
if (process.env.DATABASE_URL)
  console.log(
    "\n(other load includes PostgreSQL's own CPU: the database server is not the service)",
  );
console.log();

const misses: string[] = [];
const verdict = (ok: boolean, text: string) => {
  console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  if (!ok) misses.push(text);
};
for (const c of cells) {
  const { alone, concurrent } = c;
  console.log(
    `${c.format}: idle service ${ms(c.idleRssMb)} MB; during the ${imports}: sampled RSS peak ` +
      `${ms(concurrent.sampledPeakMb)} MB` +
      (concurrent.retries > 0
        ? `, Retry-After ${[...new Set(concurrent.retryAfterS)].join("/")} s`
        : "") +
      failuresNote(concurrent),
  );
  verdict(
    alone.wallMs / 1000 <= TARGET_ALONE_S,
    `${c.format}: one import alone ${(alone.wallMs / 1000).toFixed(2)} s (≤ ${TARGET_ALONE_S} s)`,
  );
  verdict(
    concurrent.health.p99Ms <= TARGET_P99_MS,
    `${c.format}: /health p99 ${ms(concurrent.health.p99Ms)} ms during ${imports} imports (≤ ${TARGET_P99_MS} ms)`,
  );
  verdict(
    concurrent.authenticated.p99Ms <= TARGET_P99_MS,
    `${c.format}: GET …/models p99 ${ms(concurrent.authenticated.p99Ms)} ms during ${imports} imports (≤ ${TARGET_P99_MS} ms)`,
  );
  verdict(
    concurrent.peakRssMb <= TARGET_RSS_MB,
    `${c.format}: peak RSS ${ms(concurrent.peakRssMb)} MB during ${imports} imports (≤ ${TARGET_RSS_MB} MB)`,
  );
}
console.log(
  misses.length === 0
    ? "\nAll targets met."
    : `\n${misses.length} target(s) MISSED:\n${misses.map((m) => `  - ${m}`).join("\n")}`,
);

/** Probes that did not get a 2xx (a 503 from /health, a refused connection…), if any. */
function failuresNote(phase: Phase): string {
  const all = [
    ["/health", phase.health.failures],
    ["GET …/models", phase.authenticated.failures],
  ] as const;
  const notes = all
    .filter(([, failures]) => Object.keys(failures).length > 0)
    .map(([name, failures]) => `${name} failed: ${JSON.stringify(failures)}`);
  return notes.length > 0 ? `; ${notes.join("; ")}` : "";
}
