import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { DIALECTS, type Dialect } from "@assay/test-kit/databases.ts";
import { QUEUE_CRASH_WORKER } from "@assay/test-kit/entry-points.ts";
import {
  jobRow,
  openQueueTestDatabase,
  pgBossJob,
  type QueueTestDatabase,
  silentLogger,
  sleep,
  waitFor,
} from "@assay/test-kit/queue-test-kit.ts";
import { WORKSPACE_NODE_FLAGS } from "@assay/test-kit/workspace-node.ts";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/platform/clock.ts";
import { createEmbeddedQueue } from "../../src/platform/queue/embedded/embedded-queue.ts";
import {
  DEFAULT_MAX_ATTEMPTS,
  type ExhaustedJob,
  type JobQueue,
  WORKER_STOPPED,
} from "../../src/platform/queue/job-queue.ts";
import { createPgBossQueue } from "../../src/platform/queue/pg-boss/pg-boss-queue.ts";

const CRASH_WORKER = fileURLToPath(QUEUE_CRASH_WORKER);

interface WorkerEvent {
  event: string;
  id?: string;
  attempt?: number;
  data?: unknown;
  pid?: number;
}

/** A worker in a child process: its stdout events, its stderr, and how it ended. */
interface ChildWorker {
  process: ChildProcess;
  events: WorkerEvent[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnCrashWorker(env: Record<string, string>): ChildWorker {
  const child = spawn(process.execPath, [...WORKSPACE_NODE_FLAGS, CRASH_WORKER], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const events: WorkerEvent[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    events.push(JSON.parse(line) as WorkerEvent);
  });
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { process: child, events, stderr, exited };
}

const children: ChildWorker[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill("SIGKILL");
      await child.exited;
    }
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface CrashCase {
  dialect: Dialect;
  driver: "embedded" | "pg-boss";
  /** The lease of both workers (pg-boss: heartbeat interval, at least 10 s). */
  leaseSeconds: number;
}

const CASES: CrashCase[] = [
  { dialect: "sqlite", driver: "embedded", leaseSeconds: 2 },
  ...(DIALECTS.includes("postgres")
    ? ([
        { dialect: "postgres", driver: "embedded", leaseSeconds: 2 },
        { dialect: "postgres", driver: "pg-boss", leaseSeconds: 10 },
      ] as const)
    : []),
];

describe.each(CASES)(
  "a worker killed mid-job ($driver on $dialect)",
  ({ dialect, driver, leaseSeconds }) => {
    it("is run again by another worker, exactly once, as attempt 2, and ends completed", async () => {
      const t = await openQueueTestDatabase(dialect);
      cleanups.push(() => t.close());
      const jobName = "crash.sample";
      const target =
        t.testDb.config.dialect === "sqlite" ? t.testDb.config.path : (t.testDb.url as string);

      const makeQueue = (): JobQueue =>
        driver === "pg-boss"
          ? createPgBossQueue({
              connectionString: target,
              logger: silentLogger,
              jobNames: [jobName],
              leaseSeconds,
              pollIntervalMs: 100,
              monitorIntervalSeconds: 1,
            })
          : createEmbeddedQueue({
              db: t.db,
              dialect,
              clock: systemClock,
              logger: silentLogger,
              leaseSeconds,
              pollIntervalMs: 50,
            });
      const survivor = makeQueue();
      cleanups.push(() => survivor.stop());
      const state = async (id: string) =>
        driver === "pg-boss"
          ? (await pgBossJob(t.db, id))?.state
          : ((await jobRow(t.db, id))?.status ?? undefined);

      // The job exists before any worker does.
      const id = await survivor.enqueue({
        name: jobName,
        data: { project_id: "p-1", evaluation_id: "e-1" },
      });

      const victim = spawnCrashWorker({
        QUEUE_CRASH_DRIVER: driver,
        QUEUE_CRASH_DIALECT: dialect,
        QUEUE_CRASH_DB: target,
        QUEUE_CRASH_JOB_NAME: jobName,
        QUEUE_CRASH_LEASE_SECONDS: String(leaseSeconds),
      });
      children.push(victim);
      const started = await waitFor(
        "the child worker to start the job",
        () => {
          if (victim.process.exitCode !== null) {
            throw new Error(`child worker exited early: ${victim.stderr.join("")}`);
          }
          return victim.events.find((e) => e.event === "started");
        },
        { timeoutMs: 20_000 },
      );
      expect(started).toMatchObject({
        id,
        attempt: 1,
        data: { project_id: "p-1", evaluation_id: "e-1" },
      });
      expect(await state(id)).toBe("active");

      victim.process.kill("SIGKILL");
      expect(await victim.exited).toEqual({ code: null, signal: "SIGKILL" });
      const killedAt = Date.now();
      // Still leased to the dead worker: nothing has noticed yet.
      expect(await state(id)).toBe("active");

      const runs: Array<{ id: string; attempt: number; data: unknown }> = [];
      await survivor.startWorkers(
        {
          [jobName]: async (job) => {
            runs.push({ id: job.id, attempt: job.attempt, data: job.data });
          },
        },
        { concurrency: 2 },
      );
      await waitFor(
        "the job to complete on the surviving worker",
        async () => ((await state(id)) === "completed" ? true : undefined),
        { timeoutMs: 45_000, intervalMs: 50 },
      );
      const recoveryMs = Date.now() - killedAt;
      // Recovery waits for the dead worker's lease to lapse, not longer than a few polls beyond.
      expect(recoveryMs).toBeLessThan(leaseSeconds * 1000 + (driver === "pg-boss" ? 8000 : 2000));

      // Give a duplicate delivery the chance to show up before counting.
      await sleep(500);
      await survivor.stop();
      expect(runs).toEqual([{ id, attempt: 2, data: { project_id: "p-1", evaluation_id: "e-1" } }]);
      expect(victim.events.filter((e) => e.event === "started")).toHaveLength(1);
      if (driver === "pg-boss") {
        expect(await pgBossJob(t.db, id)).toMatchObject({ state: "completed", retry_count: 1 });
      } else {
        expect(await jobRow(t.db, id)).toMatchObject({
          status: "completed",
          attempts: 2,
          lease_token: null,
          last_error: null,
        });
      }
    }, 60_000);
  },
);

describe.each(CASES)(
  "a worker killed on a job's last attempt ($driver on $dialect)",
  ({ dialect, driver, leaseSeconds }) => {
    it("hands the job to its exhausted handler once, with its data and why, and leaves no live job", async () => {
      const t = await openQueueTestDatabase(dialect);
      cleanups.push(() => t.close());
      const jobName = "crash.last";
      const data = { project_id: "p-1", evaluation_id: "e-9" };
      const target =
        t.testDb.config.dialect === "sqlite" ? t.testDb.config.path : (t.testDb.url as string);
      const survivor: JobQueue =
        driver === "pg-boss"
          ? createPgBossQueue({
              connectionString: target,
              logger: silentLogger,
              jobNames: [jobName],
              leaseSeconds,
              pollIntervalMs: 100,
              monitorIntervalSeconds: 1,
            })
          : createEmbeddedQueue({
              db: t.db,
              dialect,
              clock: systemClock,
              logger: silentLogger,
              leaseSeconds,
              pollIntervalMs: 50,
            });
      cleanups.push(() => survivor.stop());
      const id = await survivor.enqueue({ name: jobName, data });
      // Four workers died on it already: the next one to take it runs its last attempt. (Each
      // death is the same event as the one below; four kills more would only make it slower.)
      if (driver === "pg-boss")
        await sql`update pgboss.job set retry_count = retry_limit where id = ${id}::uuid`.execute(
          t.db,
        );
      else await sql`update jobs set attempts = max_attempts - 1 where id = ${id}`.execute(t.db);

      const victim = spawnCrashWorker({
        QUEUE_CRASH_DRIVER: driver,
        QUEUE_CRASH_DIALECT: dialect,
        QUEUE_CRASH_DB: target,
        QUEUE_CRASH_JOB_NAME: jobName,
        QUEUE_CRASH_LEASE_SECONDS: String(leaseSeconds),
      });
      children.push(victim);
      const started = await waitFor(
        "the child worker to start the job's last attempt",
        () => {
          if (victim.process.exitCode !== null)
            throw new Error(`child worker exited early: ${victim.stderr.join("")}`);
          return victim.events.find((e) => e.event === "started");
        },
        { timeoutMs: 20_000 },
      );
      expect(started).toMatchObject({ id, attempt: DEFAULT_MAX_ATTEMPTS, data });
      expect(await survivor.hasLiveJob(jobName, { evaluation_id: "e-9" })).toBe(true);
      victim.process.kill("SIGKILL");
      await victim.exited;
      const killedAt = Date.now();

      const runs: number[] = [];
      const exhausted: ExhaustedJob[] = [];
      await survivor.startWorkers(
        { [jobName]: async (job) => void runs.push(job.attempt) },
        {
          concurrency: 2,
          onExhausted: { [jobName]: async (job) => void exhausted.push(job) },
        },
      );
      await waitFor("the exhausted handler to run", () => exhausted.length > 0, {
        timeoutMs: 45_000,
        intervalMs: 50,
      });
      // Ended once the dead worker's lease lapsed, not at some later sweep.
      expect(Date.now() - killedAt).toBeLessThan(
        leaseSeconds * 1000 + (driver === "pg-boss" ? 8000 : 2000),
      );
      await waitFor(
        "no live job to be left",
        async () => !(await survivor.hasLiveJob(jobName, { evaluation_id: "e-9" })),
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      await sleep(500);
      expect(runs).toEqual([]);
      expect(exhausted).toEqual([
        { id, name: jobName, data, attempts: DEFAULT_MAX_ATTEMPTS, error: WORKER_STOPPED },
      ]);
      if (driver === "pg-boss") expect((await pgBossJob(t.db, id))?.state).toBe("failed");
      else expect((await jobRow(t.db, id))?.status).toBe("failed");
    }, 60_000);
  },
);

describe.each(DIALECTS)("two embedded queues sharing one %s database", (dialect) => {
  let t: QueueTestDatabase;

  it("run each of 40 jobs exactly once (concurrency 4 each)", async () => {
    t = await openQueueTestDatabase(dialect);
    cleanups.push(() => t.close());
    const ran = new Map<string, string[]>();
    const peak = { a: 0, b: 0 };
    const active = { a: 0, b: 0 };
    const queues = (["a", "b"] as const).map((worker) => {
      const queue = createEmbeddedQueue({
        // Separate pools (separate SQLite connections): the two workers race for real.
        db: worker === "a" ? t.db : t.openAnother(),
        dialect,
        clock: systemClock,
        logger: silentLogger,
        leaseSeconds: 60,
        pollIntervalMs: 10,
      });
      cleanups.push(() => queue.stop());
      return {
        worker,
        queue,
        handlers: {
          "shared.sample": async (job: { id: string }) => {
            active[worker]++;
            peak[worker] = Math.max(peak[worker], active[worker]);
            ran.set(job.id, [...(ran.get(job.id) ?? []), worker]);
            await sleep(15);
            active[worker]--;
          },
        },
      };
    });

    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(await queues[0]!.queue.enqueue({ name: "shared.sample", data: { sample: i } }));
    }
    await Promise.all(queues.map((q) => q.queue.startWorkers(q.handlers, { concurrency: 4 })));
    await waitFor(
      "all 40 jobs to complete",
      async () => {
        const rows = await t.db
          .selectFrom("jobs")
          .select(["status", "attempts"])
          .where("name", "=", "shared.sample")
          .execute();
        return rows.filter((r) => r.status === "completed").length === 40 ? rows : undefined;
      },
      { timeoutMs: 20_000 },
    );
    await Promise.all(queues.map((q) => q.queue.stop()));

    expect([...ran.keys()].sort()).toEqual([...ids].sort());
    expect([...ran.values()].filter((workers) => workers.length !== 1)).toEqual([]);
    const byWorker = { a: 0, b: 0 };
    for (const [worker] of ran.values()) byWorker[worker as "a" | "b"]++;
    expect(byWorker.a + byWorker.b).toBe(40);
    expect(byWorker.a).toBeGreaterThan(0);
    expect(byWorker.b).toBeGreaterThan(0);
    expect(peak.a).toBeLessThanOrEqual(4);
    expect(peak.b).toBeLessThanOrEqual(4);
    const attempts = await t.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.max("attempts").as("max"))
      .where("name", "=", "shared.sample")
      .executeTakeFirstOrThrow();
    expect(Number(attempts.max)).toBe(1);
  });
});
