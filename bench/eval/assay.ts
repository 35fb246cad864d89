// Assay end to end: fresh service processes per cell, a custom benchmark of the cell's prompts and a
// custom model on the fake endpoint set up through the API, then one evaluation timed from its
// POST until the API reports `success` (results are durable by then).

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createTestDatabase, type TestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import { apiClient } from "../support/api-client.ts";
import {
  ASSAY_BIN,
  assayNodeEnv,
  assayNodeFlags,
  startProcess,
  stopProcess,
} from "../support/processes.ts";
import { startDatabaseCpu } from "../workers/database-cpu.ts";
import type { PgTally } from "../workers/pg-probe.ts";
import { sampleWaitEvents } from "../workers/wait-events.ts";
import { summarizeProfile } from "./cpu-profile.ts";
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { sampleRequests } from "./fake-endpoint.ts";
import { createFixtureBenchmark, makeItems, roundUp4 } from "./fixture.ts";
import { cpuSeconds, peakRssMb, resetPeakRss, startLoadMeter } from "./proc.ts";
import type { RunResult } from "./result.ts";

export interface AssaySettings {
  /** ASSAY_WORKER_CONCURRENCY: jobs per worker process. */
  jobs: number;
  /** ASSAY_EVAL_CHUNK_SIZE: prompts per job. */
  chunk: number;
  /** Run a short evaluation first (JIT, pools, caches), as a long-running service would be. */
  warmup: boolean;
  /** Preload the event-loop probe (bench/eval/elu-probe.ts). */
  probe: boolean;
  /** Write a V8 CPU profile of each Assay process here and print its hot spots. */
  profileDir?: string;
  /** `serve --no-workers` plus this many `worker` processes on PostgreSQL (DATABASE_URL). */
  splitWorkers?: number;
  /** The custom model's `max_tokens` (64 unless given). */
  maxTokens?: number;
  /** Ask each prompt this many times: the same N calls over N / repeats prompts. */
  repeats?: number;
  /**
   * Split mode: count each process's PostgreSQL queries during the measured run
   * (bench/workers/pg-probe.ts) and the database backends' CPU (bench/workers/database-cpu.ts).
   */
  pgProbe?: boolean;
}

const API_KEY = "assay_bench_eval_key_0123456789ab"; // 32 characters
const FINISHED = new Set(["success", "failure", "timeout", "cancelled"]);
/**
 * How late the measured run's end may be seen: once the endpoint has answered all its calls, the
 * bench asks Assay every POLL_MS whether the run is `success`. Before that it asks once every
 * SLOW_POLL_MS (to notice a run that failed): at 20 polls a second for the whole run, the status
 * requests would be a share of Assay's CPU per sample that a user's client (the CLI polls from
 * every 0.5 s to every 10 s) does not cause.
 */
const POLL_MS = 50;
const SLOW_POLL_MS = 1000;
const PROBE = resolve(import.meta.dirname, "elu-probe.ts");
const PG_PROBE = resolve(import.meta.dirname, "../workers/pg-probe.ts");

interface Evaluation {
  id: string;
  status: string;
  status_description: string;
  accuracy: number;
  failed_prompt_count: number;
  assay: { progress: { done: number; total: number; failed: number; cached: number } };
}

export async function runAssay(
  fake: FakeEndpoint,
  concurrency: number,
  n: number,
  settings: AssaySettings,
): Promise<RunResult> {
  const split = settings.splitWorkers ?? 0;
  const repeats = settings.repeats ?? 1;
  const pgProbe = split > 0 && settings.pgProbe === true;
  if (n % (4 * repeats) !== 0)
    throw new Error(`N ${n} must be a multiple of 4 × repeats (${repeats}) for exactly 75 %`);
  const dataDir = mkdtempSync(join(tmpdir(), "assay-bench-eval-"));
  let database: TestDatabase | undefined;
  const processes: ChildProcess[] = [];
  try {
    if (split > 0) database = await createTestDatabase("postgres");
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...assayNodeEnv(),
      ASSAY_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ASSAY_BOOTSTRAP_API_KEY: API_KEY,
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      LOG_LEVEL: "warn",
      ASSAY_RATE_LIMIT_ENABLED: "false",
      ASSAY_RESPONSE_CACHE: "false",
      ASSAY_WORKER_CONCURRENCY: String(settings.jobs),
      ASSAY_EVAL_CHUNK_SIZE: String(settings.chunk),
      ASSAY_BENCH_PROBE_FILE: settings.probe ? join(dataDir, "probe.jsonl") : "",
    };
    // The all-in-one cells run on SQLite even when the caller has a PostgreSQL at hand.
    delete env.DATABASE_URL;
    delete env.ASSAY_PUBLIC_URL;
    if (database?.url) env.DATABASE_URL = database.url;

    const nodeArgs = (name: string) => [
      ...assayNodeFlags(),
      ...(settings.probe ? ["--import", PROBE] : []),
      ...(pgProbe ? ["--import", PG_PROBE] : []),
      ...(settings.profileDir
        ? [
            "--cpu-prof",
            `--cpu-prof-dir=${settings.profileDir}`,
            `--cpu-prof-name=${name}-L${fake.latencyMs}-C${concurrency}-N${n}.cpuprofile`,
          ]
        : []),
    ];
    const sqlFile = (name: string) =>
      settings.profileDir && settings.probe ? join(dataDir, `sql-${name}.txt`) : "";
    const pgFile = (name: string) => (pgProbe ? join(dataDir, `pg-${name}.json`) : "");
    const names = ["serve", ...Array.from({ length: split }, (_, i) => `worker${i}`)];
    const serveArgs = [ASSAY_BIN, "serve", ...(split > 0 ? ["--no-workers"] : [])];
    processes.push(
      await startProcess(
        [...nodeArgs("serve"), ...serveArgs],
        { ...env, ASSAY_BENCH_SQL_FILE: sqlFile("serve"), ASSAY_BENCH_PG_FILE: pgFile("serve") },
        "listening on",
      ),
    );
    for (let i = 0; i < split; i += 1) {
      const workerEnv = {
        ...env,
        ASSAY_BENCH_PROBE_FILE:
          env.ASSAY_BENCH_PROBE_FILE && join(dataDir, `probe-worker${i}.jsonl`),
        ASSAY_BENCH_SQL_FILE: sqlFile(`worker${i}`),
        ASSAY_BENCH_PG_FILE: pgFile(`worker${i}`),
      };
      processes.push(
        await startProcess([...nodeArgs(`worker${i}`), ASSAY_BIN, "worker"], workerEnv, "worker:"),
      );
    }
    const pids = processes.map((p) => p.pid as number);
    const api = apiClient(`http://127.0.0.1:${port}/api/v1`, API_KEY);

    const org = await api<{ data: { id: string; projects: { id: string }[] } }>(
      "GET",
      "/organizations",
    );
    const project = `/organizations/${org.data.id}/projects/${org.data.projects[0]?.id}`;
    const model = await api<{ data: { model_id: string } }>("POST", `${project}/custom-models`, {
      name: "Bench fake",
      key: "bench/fake",
      description: "",
      api_url: fake.url,
      max_tokens: settings.maxTokens ?? 64,
    });
    const benchmark = (name: string, count: number, offset: number) =>
      createFixtureBenchmark(api, project, name, makeItems(count, offset));
    /** Runs one evaluation; `calls`: the endpoint calls it makes, when the endpoint counts them. */
    const evaluate = async (
      datasetId: string,
      options: { onStart?: () => void; times?: number; calls?: number } = {},
    ) => {
      const { onStart, times = 1, calls } = options;
      onStart?.();
      const created = await api<{ data: { id: string }[] }>("POST", `${project}/evaluations`, [
        {
          model_id: model.data.model_id,
          dataset_id: datasetId,
          concurrency,
          cache: false,
          ...(times > 1 ? { repeats: times } : {}),
        },
      ]);
      const id = created.data[0]?.id;
      let askedAt = 0;
      for (;;) {
        const due =
          calls === undefined ||
          performance.now() - askedAt >= SLOW_POLL_MS ||
          (await fake.stats()).requests >= calls;
        if (due) {
          askedAt = performance.now();
          const evaluation = await api<Evaluation>("GET", `/evaluations/${id}`);
          if (FINISHED.has(evaluation.status)) return evaluation;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };

    const datasetId = await benchmark(`bench-${n}`, n / repeats, 0);
    if (settings.warmup) {
      const warm = await evaluate(await benchmark("warm-up", roundUp4(4 * concurrency), n));
      if (warm.status !== "success") throw new Error(`warm-up ended ${warm.status}`);
    }
    const setupRssMb = Math.max(...pids.map(peakRssMb));
    // The run's own peak: VmHWM restarts from the current RSS (setup's peak is reported apart).
    const peakReset = pids.map(resetPeakRss).every(Boolean);

    await fake.reset();
    const perProcessBefore = pids.map(cpuSeconds);
    const databaseCpu =
      pgProbe && database?.url ? startDatabaseCpu(databaseName(database.url)) : undefined;
    const waits = pgProbe && database?.url ? await sampleWaitEvents(database.url) : undefined;
    const endpointBefore = fake.cpuSeconds();
    const timeline = sampleRequests(fake);
    const load = startLoadMeter();
    let startedAt = 0;
    let wallStart = 0;
    // With SQL tracing on, SIGUSR2 tells the probe the run starts (and, below, that it ended).
    const signalProbes = () => {
      if (sqlFile("serve") || pgProbe) for (const pid of pids) process.kill(pid, "SIGUSR2");
    };
    const evaluation = await evaluate(datasetId, {
      onStart: () => {
        signalProbes();
        startedAt = performance.now();
        wallStart = Date.now();
      },
      times: repeats,
      calls: n,
    });
    const wallS = (performance.now() - startedAt) / 1000;
    const wallEnd = Date.now();
    const perProcessCpuS = pids.map((pid, i) => cpuSeconds(pid) - (perProcessBefore[i] ?? 0));
    const cpuS = sum(perProcessCpuS);
    const databaseCpuS = databaseCpu?.stop();
    const databaseWaits = await waits?.stop();
    const endpointCpuS = fake.cpuSeconds() - endpointBefore;
    const otherCores = load.otherCores(cpuS + endpointCpuS + (databaseCpuS ?? 0), wallS);
    signalProbes();
    const steady = await timeline.stop(n);
    const endpoint = await fake.stats();
    const peaks = pids.map(peakRssMb);

    const errors: string[] = [];
    if (evaluation.status !== "success")
      errors.push(`status ${evaluation.status}: ${evaluation.status_description}`);
    if (evaluation.assay.progress.failed > 0)
      errors.push(`${evaluation.assay.progress.failed} failed model calls`);
    const notes = [
      `${settings.jobs} jobs × ${settings.chunk}-prompt chunks`,
      peakReset
        ? `peak RSS ${Math.round(setupRssMb)} MB during setup (import, warm-up), not counted`
        : `peak RSS includes setup (could not reset VmHWM; setup peak ${Math.round(setupRssMb)} MB)`,
    ];
    if (split > 0)
      notes.push(
        `processes (API, workers) peak RSS ${peaks.map((p) => Math.round(p)).join(" / ")} MB`,
        databaseCpuS === undefined
          ? "PostgreSQL's own CPU counts as other load"
          : "PostgreSQL's own CPU measured apart",
      );
    const result: RunResult = {
      tool:
        split > 0
          ? `assay, ${split} workers (PostgreSQL)`
          : repeats > 1
            ? `assay, ${repeats} repeats`
            : "assay",
      kind: "assay",
      latencyMs: fake.latencyMs,
      concurrency,
      n,
      wallS,
      steadyPerS: steady?.perSecond ?? null,
      meanInFlight: steady?.meanInFlight ?? null,
      cpuS,
      endpointCpuS,
      otherCores,
      peakRssMb: split > 0 ? sum(peaks) : Math.max(...peaks),
      accuracy: evaluation.status === "success" ? evaluation.accuracy : null,
      endpoint,
      mustReachConcurrency: split === 0,
      errors,
      notes,
    };
    if (settings.probe) result.probe = probeSummary(dataDir, wallStart, wallEnd, split);
    if (split > 0) {
      result.processes = names.map((name, i) => ({ name, cpuS: perProcessCpuS[i] ?? 0 }));
      result.databaseCpuS = databaseCpuS;
      result.databaseWaits = databaseWaits;
    }
    if (pgProbe) {
      // The probes write their tally on the second SIGUSR2 (sent above), a moment later.
      await new Promise((r) => setTimeout(r, 300));
      result.pgTallies = Object.fromEntries(
        names.map((name) => [name, readTally(pgFile(name))] as const),
      );
    }

    await Promise.all(processes.splice(0).map(stopProcess));
    if (settings.profileDir && settings.probe) {
      const offset = clockOffset(join(dataDir, "probe.jsonl"));
      const window =
        offset === undefined
          ? undefined
          : { fromUs: wallStart * 1000 + offset, toUs: wallEnd * 1000 + offset };
      for (const file of readdirSync(dataDir).filter((f) => f.startsWith("sql-"))) {
        console.log(`\nnode:sqlite calls in ${file.slice(4, -4)} during the run, costliest first:`);
        console.log(readFileSync(join(dataDir, file), "utf8").trimEnd());
      }
      for (const file of readdirSync(settings.profileDir)) {
        if (!file.endsWith(`-L${fake.latencyMs}-C${concurrency}-N${n}.cpuprofile`)) continue;
        console.log(`\nCPU profile ${join(settings.profileDir, file)} (measured run only):`);
        console.log(summarizeProfile(join(settings.profileDir, file), window));
      }
    }
    return result;
  } finally {
    await Promise.all(processes.map(stopProcess));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ProbeLine {
  wall: number;
  monoUs: number;
  elu: number;
  activeMs: number;
  sqliteMs: number;
  heapMb: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

function readProbe(file: string): ProbeLine[] {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as ProbeLine);
  } catch {
    return [];
  }
}

/**
 * Over [from, to] (wall ms), in the processes doing the work: mean event-loop utilization, the
 * mean of the 250 ms windows' 99th percentile of event-loop delay, the longest delay, and the
 * share of the time spent in node:sqlite calls.
 */
function probeSummary(dataDir: string, from: number, to: number, split: number) {
  const files =
    split > 0
      ? Array.from({ length: split }, (_, i) => join(dataDir, `probe-worker${i}.jsonl`))
      : [join(dataDir, "probe.jsonl")];
  const lines = files.flatMap((file) =>
    readProbe(file).filter((l) => l.wall > from + 250 && l.wall <= to),
  );
  if (lines.length === 0) return undefined;
  const mean = (values: number[]) => sum(values) / values.length;
  return {
    elu: mean(lines.map((l) => l.elu)),
    delayP99Ms: mean(lines.map((l) => l.delayP99Ms)),
    delayMaxMs: Math.max(...lines.map((l) => l.delayMaxMs)),
    heapMaxMb: Math.max(...lines.map((l) => l.heapMb)),
    /** Share of the main thread's time inside node:sqlite calls. */
    sqliteShare: sum(lines.map((l) => l.sqliteMs)) / (lines.length * 250 * files.length),
  };
}

/** Monotonic µs minus wall µs in the probed process (V8 profiles use the monotonic clock). */
function clockOffset(file: string): number | undefined {
  const line = readProbe(file)[0];
  return line === undefined ? undefined : line.monoUs - line.wall * 1000;
}

function readTally(file: string): PgTally {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as PgTally;
  } catch {
    return {};
  }
}

function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
