// What ingesting a 50 MB JSONL trace file costs, measured side by side with its floor in one run.
//
// For each record shape of performance.md §3 (LLM trace records of ~1.35 KB and ~0.64 KB per
// line), a file just under the 50 MiB upload limit goes the whole way a client sends it: upload
// URL, PUT, then `POST …/traces`, which streams the file, checks and recognizes every record and
// stores one trace per line in one transaction. `assay serve` runs as a child process on a fresh
// database. Reported: wall time of the POST (parse + validate + insert), MB/s, the server's CPU
// and its peak RSS during the POST (VmHWM, reset before it; VmRSS sampled too) with the growth
// over the RSS before it and the idle service's RSS (most of the peak), next to floors
// measured in this process on the same bytes: line splitting + JSON.parse, and the trace reader
// alone (parsing, checks and recognition, no storage).
//
//   npm run bench:traces                       SQLite
//   DATABASE_URL=postgres://… npm run bench:traces
//   BENCH_SHAPES=large npm run bench:traces    one shape (large | small); empty: none
//   BENCH_RUNS=5 npm run bench:traces          runs per shape (the median is reported; default 3)
//   BENCH_PROFILE_DIR=/tmp/prof npm run bench:traces   also write the server's CPU profile
//   BENCH_SMALL_UPLOADS=0 npm run bench:traces  skip the 10 kB uploads (default: 40 of them)
//
// Then small uploads (traces/small-uploads.ts): 10 kB files one after another, p50 ≤ 80 ms.

import { Readable } from "node:stream";
import { createTestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import { readTraceFile } from "../packages/server/src/engine/traces/index.ts";
import {
  cpuSeconds,
  peakRssMb,
  resetPeakRss,
  rssMb,
  startLoadMeter,
  waitForQuiet,
} from "./eval/proc.ts";
import { apiClient, presignedUpload } from "./support/api-client.ts";
import { startAssayServe, stopProcess } from "./support/processes.ts";
import { generateTraceFile, TRACE_SHAPES, type TraceShape } from "./support/trace-file.ts";
import { percentile, runSmallUploads, SMALL_UPLOAD_TARGET_MS } from "./traces/small-uploads.ts";

const API_KEY = "assay_bench_traces_key_0123456789";
const TARGET_WALL_S = 2.0;
const TARGET_RSS_MB = 200;

/** The least any importer does: split lines on LF and JSON.parse each. */
function parseFloorMs(bytes: Buffer): number {
  const start = performance.now();
  let from = 0;
  for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, from)) {
    JSON.parse(bytes.toString("utf8", from, end));
    from = end + 1;
  }
  return performance.now() - start;
}

/** The trace reader alone: framing, checks, parse, recognition; nothing stored. */
async function readerMs(bytes: Buffer): Promise<number> {
  const start = performance.now();
  let count = 0;
  const chunks = () => Readable.from(chunked(bytes, 64 * 1024));
  for await (const batch of readTraceFile(async () => chunks())) count += batch.length;
  if (count === 0) throw new Error("the reader found no traces");
  return performance.now() - start;
}

function* chunked(bytes: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

interface Cell {
  shape: string;
  lines: number;
  mb: number;
  floorMs: number;
  readerMs: number;
  ingestMs: number;
  mbPerS: number;
  serverCpuS: number;
  /** The service idle, just started (its own baseline, before any upload). */
  idleRssMb: number;
  baseRssMb: number;
  peakRssMb: number;
  sampledPeakMb: number;
  /** Cores' worth of other work on the machine during the POST (other sessions' tests). */
  otherCores: number;
}

async function runShape(shape: TraceShape, profileDir: string | undefined): Promise<Cell> {
  const { bytes, lines } = generateTraceFile(shape);
  await waitForQuiet(120);
  const floorMs = parseFloorMs(bytes);
  const parserMs = await readerMs(bytes);

  const database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "sqlite");
  const port = await freePort();
  const server = await startAssayServe({
    port,
    dataDir: database.dataDir,
    databaseUrl: database.url,
    apiKey: API_KEY,
    nodeFlags: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  const pid = server.pid as number;
  const idleRssMb = rssMb(pid);
  const base = `http://127.0.0.1:${port}/api/v1`;
  const api = apiClient(base, API_KEY);
  try {
    const org = await api<{ data: { id: string; projects: { id: string }[] } }>(
      "GET",
      "/organizations",
    );
    const project = `/organizations/${org.data.id}/projects/${org.data.projects[0]?.id}`;
    const filename = `bench-${shape}.jsonl`;
    await presignedUpload(api, `${project}/traces/upload`, filename, bytes);

    // The ingest's own peak: VmHWM restarts from the current RSS (the upload's peak aside).
    if (!resetPeakRss(pid)) console.warn("could not reset VmHWM: peak includes the upload");
    const baseRssMb = rssMb(pid);
    let sampledPeakMb = baseRssMb;
    const sampler = setInterval(() => {
      sampledPeakMb = Math.max(sampledPeakMb, rssMb(pid));
    }, 10);
    if ((await waitForQuiet(120)) === undefined)
      console.warn("the machine stayed busy: noisy figures");
    const cpuBefore = cpuSeconds(pid);
    const load = startLoadMeter();
    const start = performance.now();
    const created = await api<{ data: { trace_ids: string[] } }>("POST", `${project}/traces`, {
      filename,
    });
    const ingestMs = performance.now() - start;
    clearInterval(sampler);
    const serverCpuS = cpuSeconds(pid) - cpuBefore;
    const otherCores = load.otherCores(serverCpuS, ingestMs / 1000);
    const peak = peakRssMb(pid);

    if (created.data.trace_ids.length !== lines)
      throw new Error(`expected ${lines} traces, got ${created.data.trace_ids.length}`);
    const listed = await api<{ data: { total_count: number } }>(
      "GET",
      `${project}/traces?page_size=1&source=${filename}`,
    );
    if (listed.data.total_count !== lines)
      throw new Error(`listing counts ${listed.data.total_count} traces, not ${lines}`);

    return {
      shape: `${shape} (${Math.round(bytes.length / lines)} B/line)`,
      lines,
      mb: bytes.length / 1e6,
      floorMs,
      readerMs: parserMs,
      ingestMs,
      mbPerS: bytes.length / 1e6 / (ingestMs / 1000),
      serverCpuS,
      idleRssMb,
      baseRssMb,
      peakRssMb: peak,
      sampledPeakMb,
      otherCores,
    };
  } finally {
    await stopProcess(server);
    await database.drop();
  }
}

// BENCH_SHAPES= (empty): no 50 MiB files, only the small uploads.
const shapes = (process.env.BENCH_SHAPES ?? "large,small")
  .split(",")
  .filter(Boolean) as TraceShape[];
for (const shape of shapes) if (!(shape in TRACE_SHAPES)) throw new Error(`unknown shape ${shape}`);
const profileDir = process.env.BENCH_PROFILE_DIR;
const label = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const runs = Number(process.env.BENCH_RUNS ?? 3);
if (shapes.length > 0)
  console.log(
    `Trace ingest: a JSONL file just under 50 MiB per shape, ${label}\n\n` +
      `${runs} run(s) per shape, each on a fresh service and database; the median run is shown\n`,
  );

/** The run of median ingest time (each run is a fresh service: VmHWM is per process). */
function median(results: Cell[]): Cell {
  const sorted = [...results].sort((a, b) => a.ingestMs - b.ingestMs);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Cell;
}

const cells: Cell[] = [];
for (const shape of shapes) {
  const results: Cell[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await runShape(shape, profileDir));
  if (runs > 1)
    console.log(
      `${shape}: POST …/traces ${results.map((r) => `${Math.round(r.ingestMs)} ms`).join(", ")}`,
    );
  cells.push(median(results));
}
console.log();

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
if (cells.length > 0)
  console.table(
    cells.map((c) => ({
      shape: c.shape,
      lines: c.lines,
      MB: round(c.mb, 1),
      "floor ms (split + JSON.parse)": round(c.floorMs),
      "reader ms (no storage)": round(c.readerMs),
      "POST …/traces ms": round(c.ingestMs),
      "MB/s": round(c.mbPerS, 1),
      "server CPU s": round(c.serverCpuS, 2),
      "idle RSS MB": round(c.idleRssMb),
      "RSS before MB": round(c.baseRssMb),
      "peak RSS MB": round(c.peakRssMb),
      "ingest growth MB": round(c.peakRssMb - c.baseRssMb),
      "other load (cores)": round(c.otherCores, 2),
    })),
  );
let failed = false;
for (const c of cells) {
  const wallOk = c.ingestMs / 1000 <= TARGET_WALL_S;
  const rssOk = c.peakRssMb <= TARGET_RSS_MB;
  failed ||= !wallOk || !rssOk;
  console.log(
    `${c.shape}: ${(c.ingestMs / 1000).toFixed(2)} s (target ≤ ${TARGET_WALL_S} s ${wallOk ? "met" : "MISSED"}), ` +
      `${(c.ingestMs / c.floorMs).toFixed(1)}× the parse floor; peak RSS ${c.peakRssMb.toFixed(0)} MB ` +
      `(sampled ${c.sampledPeakMb.toFixed(0)} MB; target ≤ ${TARGET_RSS_MB} MB ${rssOk ? "met" : "MISSED"}), ` +
      `+${(c.peakRssMb - c.baseRssMb).toFixed(0)} MB over the service before the POST (idle: ${c.idleRssMb.toFixed(0)} MB)`,
  );
}
if (profileDir) console.log(`server CPU profiles in ${profileDir}`);

const smallFiles = Number(process.env.BENCH_SMALL_UPLOADS ?? 40);
if (smallFiles > 0) {
  console.log(`Small uploads, ${label}`);
  const small = await runSmallUploads(API_KEY, smallFiles);
  const p50 = percentile(small.wholeMs, 0.5);
  const met = p50 <= SMALL_UPLOAD_TARGET_MS;
  failed ||= !met;
  const ms = (values: number[]) =>
    `p50 ${Math.round(percentile(values, 0.5))} ms, p90 ${Math.round(percentile(values, 0.9))} ms`;
  console.log(
    `\n${small.files} uploads of a ${(small.bytes / 1000).toFixed(1)} kB file (${small.lines} traces), ` +
      `one after another: upload URL + PUT + POST …/traces ${ms(small.wholeMs)} ` +
      `(target p50 ≤ ${SMALL_UPLOAD_TARGET_MS} ms ${met ? "met" : "MISSED"}); ` +
      `upload URL ${ms(small.urlMs)}, PUT ${ms(small.putMs)}, POST …/traces ${ms(small.postMs)}`,
  );
}
if (failed) process.exitCode = 1;
