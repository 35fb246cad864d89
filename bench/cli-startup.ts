// Start-up time of the `assay` command, side by side with Node's own floor in one run.
//
// Each command runs BENCH_RUNS times (20 by default, after 2 warm-up runs), in turn with the others,
// as a user's shell starts it: `bin/assay` (the launcher, which finds Node 24 and runs
// packages/cli/bin/assay.js with its shebang's flags). `eval list` asks a live local service
// (its own process, a fresh database). For reference: `node -e 0` (the floor of any Node
// command), the entry point without the launcher, and importing @assay/server (the modules a
// client command used to load and must not). Reported: median and 90th percentile wall time,
// and each median as a multiple of the floor's.
//
//   npm run bench:cli
//   BENCH_RUNS=50 npm run bench:cli
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { createTestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import {
  ASSAY_BIN,
  assayNodeEnv,
  assayNodeFlags,
  startProcess,
  stopProcess,
} from "./support/processes.ts";

const runs = Number(process.env.BENCH_RUNS ?? 20);
const LAUNCHER = resolve(import.meta.dirname, "../bin/assay");
const apiKey = "assay_benchmarkKey000000000000000000000000";

const database = await createTestDatabase("sqlite");
const port = await freePort();
const server = await startProcess(
  [...assayNodeFlags(), ASSAY_BIN, "serve", "--no-workers"],
  {
    ...process.env,
    ...assayNodeEnv(),
    PORT: String(port),
    ASSAY_DATA_DIR: database.dataDir,
    ASSAY_BOOTSTRAP_API_KEY: apiKey,
    LOG_LEVEL: "warn",
  },
  "listening on",
);

// The machine's PATH with this Node first, as after ./scripts/start.sh or on a Node 24 machine.
const env = {
  ...process.env,
  PATH: `${resolve(process.execPath, "..")}:${process.env.PATH ?? ""}`,
  SERVICE_API_KEY: apiKey,
  SERVICE_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
};

interface Case {
  name: string;
  command: string;
  args: string[];
}

const cases: Case[] = [
  { name: "node -e 0 (floor)", command: process.execPath, args: ["-e", "0"] },
  { name: "assay --version", command: LAUNCHER, args: ["--version"] },
  { name: "assay --help", command: LAUNCHER, args: ["--help"] },
  { name: "assay eval list (live service)", command: LAUNCHER, args: ["eval", "list"] },
  { name: "assay.js --version (no launcher)", command: ASSAY_BIN, args: ["--version"] },
  {
    // What every command loaded before it was kept to serve, worker, keys and catalog; with the
    // compile cache, as the entry point has it.
    name: "import @assay/server (reference)",
    command: process.execPath,
    args: [
      "--conditions=@assay/source",
      "--input-type=module",
      "-e",
      '(await import("node:module")).enableCompileCache(); await import("@assay/server");',
    ],
  },
];

function timeOnce({ command, args }: Case): number {
  const started = performance.now();
  const result = spawnSync(command, args, { env, encoding: "utf8" });
  const ms = performance.now() - started;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.status}:\n${result.stderr}`);
  }
  return ms;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

try {
  for (const c of cases) for (let i = 0; i < 2; i++) timeOnce(c); // warm-up: file and compile caches
  // Round robin, so a burst of load elsewhere on the machine falls on every command alike.
  const times = cases.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of cases.entries()) times[k]?.push(timeOnce(c));
  }
  const rows = cases.map((c, k) => {
    const sorted = (times[k] as number[]).sort((a, b) => a - b);
    return { name: c.name, median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9) };
  });
  const floor = rows[0]?.median ?? 1;
  console.log(`start-up, ${runs} runs each (Node ${process.versions.node}):\n`);
  console.log("| command | median | p90 | × node -e 0 |");
  console.log("| --- | --- | --- | --- |");
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.median.toFixed(0)} ms | ${row.p90.toFixed(0)} ms | ${(row.median / floor).toFixed(1)}× |`,
    );
  }
} finally {
  await stopProcess(server);
  await database.drop();
}
