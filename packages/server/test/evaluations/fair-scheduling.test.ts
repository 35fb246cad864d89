import {
  createEvaluation,
  createModel,
  createSumsBenchmark,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  arithmeticBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { gate } from "@assay/test-kit/queue-test-kit.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 19, fair scheduling: chunks of different runs interleave (platform/queue/README.md), so a
 * run queued behind another starts at the next free worker instead of after the other's last
 * chunk. One worker slot makes the order of model calls the order the queue hands out chunks; the
 * fake model server's log of calls (by model) is what is asserted, never times. On the embedded
 * queue (SQLite) and pg-boss (PostgreSQL), whichever the suite runs on.
 */
const CHUNK = 10;
const ENV = {
  ASSAY_EVAL_CHUNK_SIZE: String(CHUNK),
  ASSAY_WORKER_CONCURRENCY: "1",
  ALLOWED_MODEL_HOSTS: "127.0.0.1",
  ASSAY_RATE_LIMIT_ENABLED: "false",
  ASSAY_JOB_POLL_INTERVAL_MS: "50",
};

let service: TestService;
let fake: FakeModelServer;
/** The model of each call the fake server answered, in arrival order. */
let calls: string[] = [];
/** While closed, calls of the held model wait (a chunk of it stays on the worker). */
let held: { model: string; gate: ReturnType<typeof gate> } | undefined;

interface Side {
  tenant: Tenant;
  model: string;
  benchmark: string;
}

/** A model of the tenant's and a benchmark of 60 prompts (six chunks), which runs may limit. */
async function side(tenant: Tenant, key: string, benchmark?: string): Promise<Side> {
  return {
    tenant,
    model: await createModel(service, tenant, fake.url, `acme/${key}`),
    benchmark: benchmark ?? (await createSumsBenchmark(service, tenant, 6 * CHUNK, 6)),
  };
}

/** Runs share prompts: `cache: false` makes each call the model. */
const start = (s: Side, limit: number) =>
  createEvaluation(service, s.tenant, {
    model_id: s.model,
    dataset_id: s.benchmark,
    limit,
    cache: false,
  });

/** Indexes in `calls` of one model's calls. */
const callsOf = (key: string) => calls.flatMap((m, i) => (m === key ? [i] : []));

let big: Side;
let small: Side;
let third: Side;
let fourth: string;

beforeAll(async () => {
  fake = await startFakeModelServer({ latencyMs: 2 });
  fake.setBehavior(async (request) => {
    const model = String(request.body.model);
    calls.push(model);
    if (held?.model === model) await held.gate.promise;
    return arithmeticBehavior(request);
  });
  service = await startTestService({ workers: true, env: ENV });
  const first = await tenantOf(service);
  const other = await service.admin.create({ organization: "Small Co" });
  big = await side(first, "big");
  third = await side(first, "third", big.benchmark);
  fourth = await createModel(service, first, fake.url, "acme/fourth");
  small = await side(await tenantOf(service, other.key), "small");
});

afterAll(async () => {
  held?.gate.open();
  await service?.close();
  await fake?.close();
});

describe("fair scheduling of evaluation chunks", () => {
  it("starts a small run of another organization before a big run queued ahead of it is done", async () => {
    calls = [];
    held = { model: "big", gate: gate() };
    const bigRun = await start(big, 6 * CHUNK);
    // The big run's first chunk is on the only worker, its five others queued.
    await waitUntil(() => calls.includes("big"));
    const smallRun = await start(small, CHUNK);
    held.gate.open();
    await waitForEvaluation(service, smallRun.id, { key: small.tenant.key });
    await waitForEvaluation(service, bigRun.id);

    const bigCalls = callsOf("big");
    const smallCalls = callsOf("small");
    expect(bigCalls).toHaveLength(6 * CHUNK);
    expect(smallCalls).toHaveLength(CHUNK);
    // The small run's chunk went next, before the big run's second: only the big run's first
    // chunk was answered before it (in FIFO order the small run came after all six).
    expect(bigCalls.filter((i) => i < (smallCalls[0] as number))).toHaveLength(CHUNK);
    expect(Math.max(...smallCalls)).toBeLessThan(Math.max(...bigCalls));
  });

  it("starts every run created together before any of them takes its second chunk", async () => {
    calls = [];
    held = undefined;
    // One request creating three runs, the first two longer than a chunk.
    const res = await service.call<{ data: { id: string }[] }>(
      "POST",
      `/organizations/${big.tenant.org}/projects/${big.tenant.project}/evaluations`,
      {
        json: [
          { model_id: big.model, dataset_id: big.benchmark, cache: false },
          { model_id: third.model, dataset_id: big.benchmark, limit: 2 * CHUNK, cache: false },
          { model_id: fourth, dataset_id: big.benchmark, limit: 2 * CHUNK, cache: false },
        ],
      },
    );
    expect(res.status).toBe(201);
    for (const run of res.body.data) await waitForEvaluation(service, run.id);

    // Chunk by chunk, in the order the worker took them: each run's first (in any order: they
    // were enqueued in one transaction), then each run's second, then the rest of the longest.
    const chunks = chunkModels(calls);
    const runs = ["big", "fourth", "third"];
    expect(chunks.slice(0, 3).sort()).toEqual(runs);
    expect(chunks.slice(3, 6).sort()).toEqual(runs);
    expect(chunks.slice(6)).toEqual(["big", "big", "big", "big"]);
  });
});

/** One worker slot runs one chunk at a time: every CHUNK calls are one chunk, of one model. */
function chunkModels(log: string[]): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < log.length; i += CHUNK) {
    const models = new Set(log.slice(i, i + CHUNK));
    expect(models.size).toBe(1);
    chunks.push([...models][0] as string);
  }
  return chunks;
}

async function waitUntil(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}
