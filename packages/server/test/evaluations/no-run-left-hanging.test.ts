import type { JudgeOptimizationRun, TraceEvaluation } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  gsm8kBehavior,
  importGsm8k,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { createOptimization, labelTraces } from "@assay/test-kit/judge-optimization-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  createTraceEvaluation,
  insertTraces,
  judgeBehavior,
  projectPath,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GENERATE_BENCHMARK_JOB,
  RUN_EVALUATION_JOB,
  RUN_JUDGE_OPTIMIZATION_JOB,
  RUN_TRACE_EVALUATION_JOB,
  SWEEP_RUNS_JOB,
} from "../../src/jobs/job-names.ts";
import { PAST_DEADLINE } from "../../src/jobs/run-enders.ts";
import { createSweepRunsJob, JOBS_GONE } from "../../src/jobs/sweep-runs.ts";
import { DEFAULT_MAX_ATTEMPTS, WORKER_STOPPED } from "../../src/platform/queue/job-queue.ts";

/**
 * Issue 17, defect 1: a run must not stay `in-progress` forever. A job that runs out of attempts
 * ends its work visibly (its exhausted handler, through the queue's real path), and a sweep ends
 * runs past their deadline or whose jobs are gone. On the embedded queue (SQLite) and pg-boss
 * (PostgreSQL), whichever the suite runs on.
 */
const ENV = {
  ASSAY_EVAL_CHUNK_SIZE: "10",
  ALLOWED_MODEL_HOSTS: "127.0.0.1",
  ASSAY_RATE_LIMIT_ENABLED: "false",
  ASSAY_JOB_LEASE_SECONDS: "2",
  ASSAY_JOB_POLL_INTERVAL_MS: "50",
};
const EXHAUSTED = `its job gave up after ${DEFAULT_MAX_ATTEMPTS} attempts (attempts exhausted): ${WORKER_STOPPED}`;

let api: TestService;
let fake: FakeModelServer;
let judgeFake: FakeModelServer;
let tenant: Tenant;
let model: string;
let benchmark: string;
let judgeId: string;

beforeAll(async () => {
  fake = await startFakeModelServer({ latencyMs: 5, behavior: gsm8kBehavior() });
  judgeFake = await startFakeModelServer({ behavior: judgeBehavior() });
  // API only: these tests decide when workers run.
  api = await startTestService({ workers: false, env: ENV });
  tenant = await tenantOf(api);
  model = await createModel(api, tenant, fake.url);
  benchmark = await importGsm8k(api);
  await createModel(api, tenant, judgeFake.url, "acme/judge");
  judgeId = (
    await createJudge(api, tenant, {
      name: "Capitals",
      evaluation_goal: "The assistant must name the capital city the user asks about.",
      model_id: "acme/judge",
    })
  ).id;
});

afterAll(async () => {
  await api?.close();
  await fake?.close();
  await judgeFake?.close();
});

const postgres = () => api.running.deps.config.database.dialect === "postgres";

/** The queued jobs of a name, with their data, on whichever driver the service runs. */
async function jobsOf(name: string): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  const { db } = api.running.deps;
  if (postgres()) {
    const { rows } = await sql<{ id: string; data: Record<string, unknown> }>`
      select id::text as id, data from pgboss.job where name = ${name}`.execute(db);
    return rows;
  }
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("name", "=", name)
    .execute();
  return rows.map((r) => ({ id: r.id, data: JSON.parse(r.payload) as Record<string, unknown> }));
}

/**
 * Leaves a job as a worker that died on its last attempt leaves it: taken, its attempts used up,
 * its lease (embedded) or heartbeat (pg-boss) lapsed. What a worker killed five times leaves; the
 * queue tests kill a real worker process on that last attempt.
 */
async function diedOnLastAttempt(id: string): Promise<void> {
  const { db } = api.running.deps;
  if (postgres())
    await sql`update pgboss.job set state = 'active', retry_count = retry_limit,
      started_on = now() - interval '1 hour', heartbeat_on = now() - interval '1 hour'
      where id = ${id}::uuid`.execute(db);
  else
    await db
      .updateTable("jobs")
      .set((eb) => ({
        status: "active",
        attempts: eb.ref("max_attempts"),
        lease_token: "the-dead-worker",
        lease_expires_at: new Date(Date.now() - 1000).toISOString(),
      }))
      .where("id", "=", id)
      .execute();
}

async function deleteJob(id: string): Promise<void> {
  const { db } = api.running.deps;
  if (postgres()) await sql`delete from pgboss.job where id = ${id}::uuid`.execute(db);
  else await db.deleteFrom("jobs").where("id", "=", id).execute();
}

/** Leaves a job as a queue without exhausted handlers left it: failed, nothing waiting after it. */
async function failedLongAgo(id: string): Promise<void> {
  const { db } = api.running.deps;
  if (postgres())
    await sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${id}::uuid`.execute(
      db,
    );
  else
    await db
      .updateTable("jobs")
      .set((eb) => ({ status: "failed", attempts: eb.ref("max_attempts") }))
      .where("id", "=", id)
      .execute();
}

/** One pass of the sweep, as its scheduled job runs it. */
async function sweep(): Promise<void> {
  await createSweepRunsJob(api.running.deps)({
    id: "sweep",
    name: SWEEP_RUNS_JOB,
    data: {},
    attempt: 1,
    signal: new AbortController().signal,
  });
}

async function errorsOf(id: string) {
  return api.running.deps.db
    .selectFrom("evaluation_results")
    .select(["position", "error", "passed"])
    .where("evaluation_id", "=", id)
    .where("error", "is not", null)
    .orderBy("position")
    .execute();
}

async function traceEvaluation(id: string): Promise<TraceEvaluation> {
  const res = await api.call<{ data: TraceEvaluation }>(
    "GET",
    `${projectPath(tenant)}/trace-evaluations/${id}`,
  );
  return res.body.data;
}

const newEvaluation = () =>
  createEvaluation(api, tenant, {
    model_id: model,
    dataset_id: benchmark,
    limit: 20,
    concurrency: 4,
    cache: false,
  });

async function newTraceEvaluation(): Promise<string> {
  const [trace] = await insertTraces(api, tenant, [
    { input: "What is the capital of Italy?", output: "Rome." },
  ]);
  return (await createTraceEvaluation(api, tenant, { trace_id: trace!, judge_id: judgeId })).id;
}

async function newOptimization(): Promise<string> {
  const judge = await createJudge(api, tenant, {
    name: `Cited answers ${Math.random()}`,
    evaluation_goal: "The answer must cite its source.",
    model_id: "acme/judge",
  });
  await labelTraces(api, tenant, judge.id, 20);
  return (await createOptimization(api, tenant, { judge_id: judge.id, budget: "light" })).id;
}

async function newSmartBenchmark(): Promise<string> {
  const file = `manual-${Math.random()}.md`;
  await uploadFile(api, tenant, file, "# Manual\nThe valve opens at 3 bar.", "text/markdown");
  const res = await api.call<{ data: { benchmark_id: string } }>(
    "POST",
    `${projectPath(tenant)}/smart-benchmarks`,
    { json: { name: file, description: "", system_prompt: "Ask about valves.", files: [file] } },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data.benchmark_id;
}

async function optimization(id: string): Promise<JudgeOptimizationRun> {
  const res = await api.call<{ data: JudgeOptimizationRun }>(
    "GET",
    `${projectPath(tenant)}/judge-optimizations/${id}`,
  );
  return res.body.data;
}

async function smartBenchmark(id: string) {
  const res = await api.call<{ data: { generation_status: string; status_description: string } }>(
    "GET",
    `${projectPath(tenant)}/benchmarks/${id}`,
  );
  return res.body.data;
}

/** The id of the one job of `name` whose data holds `key` = `id` (or lists it). */
async function jobFor(name: string, key: string, id: string): Promise<string> {
  const found = (await jobsOf(name)).filter((j) => {
    const value = j.data[key];
    return Array.isArray(value) ? value.includes(id) : value === id;
  });
  expect(found).toHaveLength(1);
  return found[0]!.id;
}

async function waitForEnd(what: string, ended: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await ended())) {
    if (Date.now() > deadline) throw new Error(`${what} did not end`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the sweep", () => {
  it("ends runs whose jobs are gone, saying so, and leaves runs with jobs alone", async () => {
    const lost = await newEvaluation();
    const healthy = await newEvaluation();
    const lostTrace = await newTraceEvaluation();
    // One chunk's job is gone; the other failed for good before this release, when nothing
    // ended its run (the run that stayed `in-progress` after a restart).
    const chunks = (await jobsOf(RUN_EVALUATION_JOB)).filter(
      (j) => j.data.evaluation_id === lost.id,
    );
    expect(chunks).toHaveLength(2);
    await deleteJob(chunks[0]!.id);
    await failedLongAgo(chunks[1]!.id);
    const lostOptimization = await newOptimization();
    const lostBenchmark = await newSmartBenchmark();
    const healthyTrace = await newTraceEvaluation();
    await deleteJob(await jobFor(RUN_TRACE_EVALUATION_JOB, "trace_evaluation_ids", lostTrace));
    await deleteJob(await jobFor(RUN_JUDGE_OPTIMIZATION_JOB, "optimization_id", lostOptimization));
    await deleteJob(await jobFor(GENERATE_BENCHMARK_JOB, "benchmark_id", lostBenchmark));

    await sweep();

    const ended = await waitForEvaluation(api, lost.id, { until: () => true });
    // Nothing was answered: every prompt failed, so the run failed, with its statistics.
    expect(ended.status).toBe("failure");
    expect(ended.status_description).toBe(`20 prompts were not answered: ${JOBS_GONE}`);
    expect(ended.assay.progress).toMatchObject({ total: 20, done: 20, failed: 20, correct: 0 });
    expect(ended.failed_prompt_count).toBe(20);
    const errors = await errorsOf(lost.id);
    expect(errors).toHaveLength(20);
    expect(new Set(errors.map((e) => e.error))).toEqual(new Set([`not answered: ${JOBS_GONE}`]));

    expect((await waitForEvaluation(api, healthy.id, { until: () => true })).status).toBe(
      "pending",
    );
    expect(await traceEvaluation(lostTrace)).toMatchObject({
      status: "failure",
      status_description: JOBS_GONE,
    });
    expect((await traceEvaluation(healthyTrace)).status).toBe("pending");
    const run = await optimization(lostOptimization);
    expect(run).toMatchObject({ status: "failure", status_description: JOBS_GONE });
    expect(run.logs).toBe(`failed: ${JOBS_GONE}`);
    expect(await smartBenchmark(lostBenchmark)).toMatchObject({
      generation_status: "failed",
      status_description: JOBS_GONE,
    });

    // A second pass changes nothing.
    await sweep();
    expect((await waitForEvaluation(api, lost.id, { until: () => true })).status_description).toBe(
      ended.status_description,
    );
    expect(await errorsOf(lost.id)).toHaveLength(20);
  });

  it("ends a run past its deadline as a timeout, whatever its jobs", async () => {
    const late = await newEvaluation();
    const { db } = api.running.deps;
    const hourAgo = new Date(api.clock.now().getTime() - 3600_000).toISOString();
    // As a run looks once its first chunk started it and its maximum duration has passed.
    await db
      .updateTable("evaluations")
      .set({ status: "in-progress", started_at: hourAgo, deadline_at: hourAgo })
      .where("id", "=", late.id)
      .execute();

    await sweep();

    const ended = await waitForEvaluation(api, late.id, { until: () => true });
    expect(ended).toMatchObject({ status: "timeout", status_description: PAST_DEADLINE });
  });
});

describe("a job whose worker died on its last attempt", () => {
  it("ends its work once a worker runs: unanswered prompts are errors saying why, and the run finishes", async () => {
    const run = await newEvaluation();
    const trace = await newTraceEvaluation();
    const chunks = (await jobsOf(RUN_EVALUATION_JOB)).filter(
      (j) => j.data.evaluation_id === run.id,
    );
    expect(chunks.map((c) => c.data.from).sort()).toEqual([0, 10]);
    await diedOnLastAttempt(chunks.find((c) => c.data.from === 10)!.id);
    // Both chunks of another run died: given up side by side, neither count is lost.
    const dead = await newEvaluation();
    for (const job of await jobsOf(RUN_EVALUATION_JOB))
      if (job.data.evaluation_id === dead.id) await diedOnLastAttempt(job.id);
    await diedOnLastAttempt(await jobFor(RUN_TRACE_EVALUATION_JOB, "trace_evaluation_ids", trace));
    const optimizationId = await newOptimization();
    await diedOnLastAttempt(
      await jobFor(RUN_JUDGE_OPTIMIZATION_JOB, "optimization_id", optimizationId),
    );
    const benchmarkId = await newSmartBenchmark();
    await diedOnLastAttempt(await jobFor(GENERATE_BENCHMARK_JOB, "benchmark_id", benchmarkId));

    // A worker process comes up on the same database.
    const worker = await startTestService({ workers: true, database: api.database, env: ENV });
    try {
      // Within the lease (and pg-boss's heartbeat check) plus a few polls: no sweep needed.
      const done = await waitForEvaluation(api, run.id, { timeoutMs: 30_000 });
      expect(done.status).toBe("success");
      expect(done.status_description).toBe(`10 prompts were not answered: ${EXHAUSTED}`);
      expect(done.assay.progress).toMatchObject({ total: 20, done: 20, failed: 10 });
      expect(done.failed_prompt_count).toBe(10);
      const errors = await errorsOf(run.id);
      expect(errors.map((e) => e.position)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
      expect(new Set(errors.map((e) => e.error))).toEqual(new Set([`not answered: ${EXHAUSTED}`]));

      const none = await waitForEvaluation(api, dead.id, { timeoutMs: 30_000 });
      expect(none).toMatchObject({
        status: "failure",
        status_description: `20 prompts were not answered: ${EXHAUSTED}`,
        failed_prompt_count: 20,
      });

      const judged = await waitForTraceEvaluation(api, tenant, trace, 30_000);
      expect(judged).toMatchObject({ status: "failure", status_description: EXHAUSTED });
      await waitForEnd(
        "the optimization",
        async () => (await optimization(optimizationId)).status !== "pending",
      );
      expect(await optimization(optimizationId)).toMatchObject({
        status: "failure",
        status_description: EXHAUSTED,
      });
      await waitForEnd(
        "the smart benchmark",
        async () => (await smartBenchmark(benchmarkId)).generation_status !== "generating",
      );
      expect(await smartBenchmark(benchmarkId)).toMatchObject({
        generation_status: "failed",
        status_description: EXHAUSTED,
      });
      // (Run again, the trace evaluation and the optimization would have ended otherwise: the
      // fake judge answers, and no generator model is configured.)
    } finally {
      await worker.close();
    }
  }, 60_000);
});
