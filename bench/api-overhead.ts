// The API's own cost per request, measured side by side with the floor in one run.
//
// Assay answers an authenticated `GET /api/v1/organizations` (API-key lookup in the database,
// rate-limit bucket, validation, tenant scoping, one log line); the floor is a bare node:http
// server answering the same bytes. Both run as child processes; autocannon drives them from this
// process over loopback. Reported: requests/s, latency, server CPU per request, and the ratios.
//
//   npm run bench                     SQLite
//   DATABASE_URL=postgres://… npm run bench       SQLite, then PostgreSQL, in the same run
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=100 npm run bench

import { createTestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import autocannon from "autocannon";
import {
  ASSAY_BIN,
  assayNodeEnv,
  assayNodeFlags,
  cpuSeconds,
  startProcess,
  stopProcess,
} from "./support/processes.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const apiKey = "assay_benchmarkKey000000000000000000000000";
/** Requests/s the PostgreSQL path must reach on this bench (issue 19). */
const POSTGRES_TARGET = 4000;

interface Result {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMicrosPerRequest: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  pid: number,
  headers: Record<string, string>,
): Promise<Result> {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up: JIT, caches, pools
  const cpuBefore = cpuSeconds(pid);
  const run = await autocannon({ url, connections, duration: seconds, headers });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const requests = run.requests.total;
  return {
    name,
    requestsPerSecond: Math.round(run.requests.average),
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    cpuMicrosPerRequest: Math.round((cpu / requests) * 1e6),
    errors: run.errors + run.non2xx,
  };
}

// The server's database is the one each run creates, never the caller's.
const { DATABASE_URL: _callersDatabase, ...inheritedEnv } = process.env;

/** `assay serve --no-workers` on a fresh database (and data dir) of the dialect. */
async function startAssay(dialect: "sqlite" | "postgres") {
  const database = await createTestDatabase(dialect);
  const port = await freePort();
  const process_ = await startProcess(
    [...assayNodeFlags(), ASSAY_BIN, "serve", "--no-workers"],
    {
      ...inheritedEnv,
      ...assayNodeEnv(),
      PORT: String(port),
      ASSAY_DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ASSAY_BOOTSTRAP_API_KEY: apiKey,
      // The limiter runs (its cost is part of every request) but never refuses.
      ASSAY_RATE_LIMIT_PER_SECOND: process.env.ASSAY_RATE_LIMIT_PER_SECOND ?? "1000000",
      ASSAY_RATE_LIMIT_BURST: "1000000",
    },
    "listening on",
  );
  return {
    label: dialect === "postgres" ? "PostgreSQL" : "SQLite",
    url: `http://127.0.0.1:${port}/api/v1/organizations`,
    process: process_,
    async stop() {
      await stopProcess(process_);
      await database.drop();
    },
  };
}

// SQLite always; PostgreSQL beside it when DATABASE_URL is set (a throwaway database on it).
const dialects = process.env.DATABASE_URL
  ? (["sqlite", "postgres"] as const)
  : (["sqlite"] as const);
const first = await startAssay(dialects[0]);
const body = await (await fetch(first.url, { headers: { "x-api-key": apiKey } })).text();
const floorPort = await freePort();
const floor = await startProcess(
  ["bench/support/floor-server.ts"],
  { ...process.env, PORT: String(floorPort), FLOOR_BODY: body },
  "listening",
);

const results: Result[] = [];
try {
  console.log(
    `API overhead: GET /organizations, ${connections} connections, ${seconds} s each, ` +
      `${dialects.map((d) => (d === "postgres" ? "PostgreSQL" : "SQLite")).join(" and ")}\n`,
  );
  const floorResult = await measure(
    "node:http floor",
    `http://127.0.0.1:${floorPort}/`,
    floor.pid as number,
    {},
  );
  results.push(floorResult);
  for (const dialect of dialects) {
    const assay = dialect === dialects[0] ? first : await startAssay(dialect);
    try {
      results.push(
        await measure(`assay, ${assay.label}`, assay.url, assay.process.pid as number, {
          "x-api-key": apiKey,
        }),
      );
    } finally {
      await assay.stop();
    }
  }
  console.table(results);
  for (const assayResult of results.slice(1)) {
    console.log(
      `${assayResult.name} / floor: ${(assayResult.requestsPerSecond / floorResult.requestsPerSecond).toFixed(2)}× the requests/s, ` +
        `${(assayResult.cpuMicrosPerRequest / floorResult.cpuMicrosPerRequest).toFixed(2)}× the CPU per request ` +
        `(+${assayResult.cpuMicrosPerRequest - floorResult.cpuMicrosPerRequest} µs)`,
    );
  }
  const [sqlite, postgres] = results.slice(1);
  if (sqlite && postgres) {
    console.log(
      `PostgreSQL / SQLite: ${(postgres.requestsPerSecond / sqlite.requestsPerSecond).toFixed(2)}× the requests/s; ` +
        `PostgreSQL ${postgres.requestsPerSecond} requests/s against the target of ${POSTGRES_TARGET} ` +
        `(${(postgres.requestsPerSecond / POSTGRES_TARGET).toFixed(2)}×)`,
    );
  }
  if (results.some((r) => r.errors > 0)) {
    console.error("errors during the run: the figures are not valid");
    process.exitCode = 1;
  }
} finally {
  await stopProcess(floor);
}
