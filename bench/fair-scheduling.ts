// Fair scheduling of evaluation chunks across runs (issue 19), on each queue driver: `assay serve`
// (API + workers, default worker and chunk settings) as users run it, on a fresh database, against
// an in-process fake model endpoint that notes when each run's first and last model calls arrive
// (each run has a model of its own).
//
//   1. Three GSM8K-sized runs (1,319 prompts) created together in one request: the start delay of
//      each, from the POST to its first model call. Target: ≤ 1 s each (workers are free).
//   2. A big run (20,000 prompts) of one organization, then, once it calls the model, a small run
//      (100 prompts) of another: the small run's start delay and completion time, and how much of
//      the big run was done then (the big run is then cancelled). Target: the small run takes the
//      next free worker (≤ 1 s once one of the big run's chunks ends) and is done long before the
//      big run (in FIFO order, after all of it).
//
//   npm run bench:fair                                   SQLite (embedded queue)
//   DATABASE_URL=postgres://… npm run bench:fair         SQLite, then PostgreSQL (pg-boss)
//   BENCH_LATENCY_MS=50 BENCH_BIG=20000 BENCH_SMALL=100 npm run bench:fair

import { execFileSync } from "node:child_process";
import { createTestDatabase, type Dialect, type TestDatabase } from "@assay/test-kit/databases.ts";
import { arithmeticBehavior, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import { createFixtureBenchmark, makeItems } from "./eval/fixture.ts";
import { apiClient } from "./support/api-client.ts";
import {
  ASSAY_BIN,
  assayNodeEnv,
  assayNodeFlags,
  startProcess,
  stopProcess,
} from "./support/processes.ts";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const GSM8K = 1319;
const BIG = Number(process.env.BENCH_BIG ?? 20_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 100);
const TARGET_START_MS = 1000;
const API_KEY = "assay_bench_fair_key_0123456789abc";
const FINISHED = new Set(["success", "failure", "timeout", "cancelled"]);

/**
 * When each model's first and last calls arrived (ms, performance.now()), by the model name the
 * endpoint sees (a custom model `bench/a` calls model `a`).
 */
const seen = new Map<string, { first: number; last: number }>();
const fake = await startFakeModelServer({ latencyMs: LATENCY_MS });
fake.setBehavior((request) => {
  const now = performance.now();
  const model = String(request.body.model);
  const s = seen.get(model);
  if (s) s.last = now;
  else seen.set(model, { first: now, last: now });
  return arithmeticBehavior(request);
});

interface Tenant {
  key: string;
  project: string;
}

interface Evaluation {
  id: string;
  status: string;
  assay: { progress: { done: number; total: number } };
}

async function measureDriver(dialect: Dialect) {
  const database = await createTestDatabase(dialect);
  const port = await freePort();
  // Not the bench's own DATABASE_URL: the SQLite leg must not reach PostgreSQL.
  const { DATABASE_URL: _, ...inherited } = process.env;
  const env = {
    ...inherited,
    ...assayNodeEnv(),
    PORT: String(port),
    HOST: "127.0.0.1",
    ASSAY_DATA_DIR: database.dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ASSAY_BOOTSTRAP_API_KEY: API_KEY,
    ASSAY_RATE_LIMIT_ENABLED: "false",
    ALLOWED_MODEL_HOSTS: "127.0.0.1",
    LOG_LEVEL: "warn",
  };
  const serve = await startProcess([...assayNodeFlags(), ASSAY_BIN, "serve"], env, "listening on");
  try {
    const base = `http://127.0.0.1:${port}/api/v1`;
    const api = <T>(key: string, method: string, path: string, body?: unknown) =>
      apiClient(base, key)<T>(method, path, body);
    const tenantOf = async (key: string): Promise<Tenant> => {
      const org = await api<{ data: { id: string; projects: { id: string }[] } }>(
        key,
        "GET",
        "/organizations",
      );
      return { key, project: `/organizations/${org.data.id}/projects/${org.data.projects[0]?.id}` };
    };
    const first = await tenantOf(API_KEY);
    const other = await tenantOf(otherOrganizationKey(database, env));
    const model = async (t: Tenant, key: string) =>
      (
        await api<{ data: { model_id: string } }>(t.key, "POST", `${t.project}/custom-models`, {
          name: key,
          key: `bench/${key}`,
          description: "",
          api_url: fake.url,
          max_tokens: 64,
        })
      ).data.model_id;
    const benchmark = (t: Tenant, name: string, count: number) =>
      createFixtureBenchmark(apiClient(base, t.key), t.project, name, makeItems(count));
    const create = async (t: Tenant, items: { model: string; dataset: string }[]) =>
      (
        await api<{ data: { id: string }[] }>(
          t.key,
          "POST",
          `${t.project}/evaluations`,
          items.map((i) => ({ model_id: i.model, dataset_id: i.dataset, cache: false })),
        )
      ).data.map((e) => e.id);
    const get = (t: Tenant, id: string) => api<Evaluation>(t.key, "GET", `/evaluations/${id}`);
    const waitFor = async (t: Tenant, id: string) => {
      for (;;) {
        const e = await get(t, id);
        if (FINISHED.has(e.status)) return e;
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // 1. Three runs created together.
    const gsm8k = await benchmark(first, "gsm8k-sized", GSM8K);
    const three = [await model(first, "a"), await model(first, "b"), await model(first, "c")];
    seen.clear();
    const createdAt = performance.now();
    const ids = await create(
      first,
      three.map((m) => ({ model: m, dataset: gsm8k })),
    );
    for (const id of ids) {
      const e = await waitFor(first, id);
      if (e.status !== "success") throw new Error(`run ${id} ended ${e.status}`);
    }
    const starts = ["a", "b", "c"].map((m) => (seen.get(m)?.first ?? NaN) - createdAt);
    const threeDone = Math.max(...["a", "b", "c"].map((m) => seen.get(m)?.last ?? 0));

    // 2. A small run of another organization behind a big one.
    const bigSet = await benchmark(first, "big", BIG);
    const smallSet = await benchmark(other, "small", SMALL);
    const bigModel = await model(first, "big");
    const smallModel = await model(other, "small");
    seen.clear();
    const [bigId] = await create(first, [{ model: bigModel, dataset: bigSet }]);
    while (!seen.has("big")) await new Promise((r) => setTimeout(r, 5));
    const smallAt = performance.now();
    const [smallId] = await create(other, [{ model: smallModel, dataset: smallSet }]);
    const small = await waitFor(other, smallId as string);
    const smallDoneAt = performance.now();
    const bigThen = await get(first, bigId as string);
    if (small.status !== "success") throw new Error(`the small run ended ${small.status}`);
    // What the big run does after this is not measured: stop it rather than wait for it.
    await api(first.key, "POST", `/evaluations/${bigId}/cancel`).catch(() => {});

    return {
      dialect,
      starts,
      threeSeconds: (threeDone - createdAt) / 1000,
      smallStart: (seen.get("small")?.first ?? Number.NaN) - smallAt,
      smallSeconds: (smallDoneAt - smallAt) / 1000,
      bigDoneWhenSmallDone: bigThen.assay.progress.done / bigThen.assay.progress.total,
    };
  } finally {
    await stopProcess(serve);
    await database.drop();
  }
}

/** A key of a second organization, made as an operator does (`assay keys create`). */
function otherOrganizationKey(database: TestDatabase, env: NodeJS.ProcessEnv): string {
  const out = execFileSync(
    process.execPath,
    [...assayNodeFlags(), ASSAY_BIN, "keys", "create", "--organization", "Small Co", "--json"],
    { env: { ...env, ASSAY_DATA_DIR: database.dataDir }, encoding: "utf8" },
  );
  return (JSON.parse(out) as { key: string }).key;
}

const dialects: Dialect[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
const driverName = (d: Dialect) =>
  d === "postgres" ? "pg-boss (PostgreSQL)" : "embedded (SQLite)";
console.log(
  `Fair scheduling: model latency ${LATENCY_MS} ms, default worker and chunk settings; ` +
    `target start ≤ ${TARGET_START_MS} ms (ratio = measured / target, ≤ 1 meets it)\n`,
);
try {
  for (const dialect of dialects) {
    const r = await measureDriver(dialect);
    const driver = driverName(dialect);
    console.log(`${driver}`);
    console.table(
      r.starts.map((ms, i) => ({
        "3 runs created together": `run ${i + 1} (${GSM8K} prompts)`,
        "start delay ms": Math.round(ms),
        "ratio to 1 s": (ms / TARGET_START_MS).toFixed(2),
      })),
    );
    console.log(
      `  all three done in ${r.threeSeconds.toFixed(1)} s\n` +
        `  small run (${SMALL} prompts, other organization) behind a big one (${BIG} prompts): ` +
        `start delay ${Math.round(r.smallStart)} ms (ratio to 1 s ${(r.smallStart / TARGET_START_MS).toFixed(2)}), ` +
        `done in ${r.smallSeconds.toFixed(1)} s, when the big run was ` +
        `${(r.bigDoneWhenSmallDone * 100).toFixed(1)} % done (FIFO: 100 %)\n`,
    );
  }
} finally {
  await fake.close();
}
