// The API's own cost per request, measured side by side with the floor in one run.
//
// Assay answers an authenticated `GET /api/v1/organizations` (API-key lookup in the database,
// rate-limit bucket, validation, tenant scoping, one log line); the floor is a bare node:http
// server answering the same bytes. Both run as child processes; autocannon drives them from this
// process over loopback. Reported: requests/s, latency, server CPU per request, and the ratios.
//
//   npm run bench                     SQLite
//   DATABASE_URL=postgres://… npm run bench
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=100 npm run bench
import autocannon from "autocannon";
import { createTestDatabase } from "../packages/server/test/support/databases.ts";
import { freePort } from "../packages/server/test/support/free-port.ts";
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

// A fresh database (and data dir) per run: PostgreSQL when DATABASE_URL is set, else SQLite.
const database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "sqlite");
const assayPort = await freePort();
const assay = await startProcess(
  [...assayNodeFlags(), ASSAY_BIN, "serve", "--no-workers"],
  {
    ...process.env,
    ...assayNodeEnv(),
    PORT: String(assayPort),
    ASSAY_DATA_DIR: database.dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ASSAY_BOOTSTRAP_API_KEY: apiKey,
    // The limiter runs (its cost is part of every request) but never refuses.
    ASSAY_RATE_LIMIT_PER_SECOND: process.env.ASSAY_RATE_LIMIT_PER_SECOND ?? "1000000",
    ASSAY_RATE_LIMIT_BURST: "1000000",
  },
  "listening on",
);
const organizations = `http://127.0.0.1:${assayPort}/api/v1/organizations`;
const body = await (await fetch(organizations, { headers: { "x-api-key": apiKey } })).text();
const floorPort = await freePort();
const floor = await startProcess(
  ["bench/support/floor-server.ts"],
  { ...process.env, PORT: String(floorPort), FLOOR_BODY: body },
  "listening",
);

try {
  const label = database.dialect === "postgres" ? "PostgreSQL" : "SQLite";
  console.log(
    `API overhead: GET /organizations, ${connections} connections, ${seconds} s each, ${label}\n`,
  );
  const floorResult = await measure(
    "node:http floor",
    `http://127.0.0.1:${floorPort}/`,
    floor.pid as number,
    {},
  );
  const assayResult = await measure("assay", organizations, assay.pid as number, {
    "x-api-key": apiKey,
  });
  console.table([floorResult, assayResult]);
  console.log(
    `assay/floor: ${(assayResult.requestsPerSecond / floorResult.requestsPerSecond).toFixed(2)}× the requests/s, ` +
      `${(assayResult.cpuMicrosPerRequest / floorResult.cpuMicrosPerRequest).toFixed(2)}× the CPU per request ` +
      `(+${assayResult.cpuMicrosPerRequest - floorResult.cpuMicrosPerRequest} µs)`,
  );
  if (assayResult.errors > 0 || floorResult.errors > 0) {
    console.error("errors during the run: the figures are not valid");
    process.exitCode = 1;
  }
} finally {
  await stopProcess(assay);
  await stopProcess(floor);
  await database.drop();
}
