import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  makePgBossRetryDue,
  openQueueTestDatabase,
  pgBossJob,
  type QueueTestDatabase,
  silentLogger,
  sleep,
  waitFor,
} from "@assay/test-kit/queue-test-kit.ts";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_ATTEMPTS,
  type ExhaustedJob,
  type JobQueue,
} from "../../src/platform/queue/job-queue.ts";
import { createPgBossQueue } from "../../src/platform/queue/pg-boss/pg-boss-queue.ts";

const JOB_NAMES = [
  "pgb.setup",
  "pgb.echo",
  "pgb.tx",
  "pgb.flaky",
  "pgb.tick",
  "pgb.hourly",
  "pgb.slow",
  "pgb.doomed",
  "pgb.fair",
  "pgb.next",
];

describe.skipIf(!DIALECTS.includes("postgres"))("pg-boss job queue", () => {
  let t: QueueTestDatabase;
  let url: string;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    t = await openQueueTestDatabase("postgres");
    url = t.testDb.url as string;
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
  });
  afterAll(() => t.close());

  function makeQueue(leaseSeconds = 10, pollIntervalMs = 100): JobQueue {
    const queue = createPgBossQueue({
      connectionString: url,
      logger: silentLogger,
      jobNames: JOB_NAMES,
      scheduledJobNames: ["pgb.tick", "pgb.hourly"],
      leaseSeconds,
      pollIntervalMs,
      monitorIntervalSeconds: 1,
    });
    queues.push(queue);
    return queue;
  }

  const waitForState = (id: string, state: string, timeoutMs = 10_000) =>
    waitFor(
      `pg-boss job ${id} to be ${state}`,
      async () => {
        const job = await pgBossJob(t.db, id);
        return job?.state === state ? job : undefined;
      },
      { timeoutMs, intervalMs: 20 },
    );

  const assayConnections = async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'assay'`.execute(t.db);
    return rows[0]!.n;
  };

  it("creates every queue with the port's retry limit and the lease as heartbeat", async () => {
    const queue = makeQueue(20);
    await queue.enqueue({ name: "pgb.setup", data: {} });
    const { rows } = await sql<Record<string, unknown>>`
      select name, policy, retry_limit, retry_delay, retry_backoff, retry_delay_max,
             expire_seconds, heartbeat_seconds
      from pgboss.queue where name like 'pgb.%' and name not like '%.exhausted'
      order by name`.execute(t.db);
    expect(rows).toEqual(
      [...JOB_NAMES].sort().map((name) => ({
        name,
        policy: name === "pgb.tick" || name === "pgb.hourly" ? "exclusive" : "standard",
        retry_limit: DEFAULT_MAX_ATTEMPTS - 1,
        retry_delay: 1,
        retry_backoff: true,
        retry_delay_max: 300,
        expire_seconds: 24 * 3600,
        heartbeat_seconds: 20,
      })),
    );
    // Each queue but the scheduled ones has a dead-letter queue, where its exhausted jobs wait.
    const { rows: deadLetters } = await sql<{ name: string; dead_letter: string | null }>`
      select name, dead_letter from pgboss.queue where name like 'pgb.%' and name not like '%.exhausted'
      order by name`.execute(t.db);
    expect(deadLetters).toEqual(
      [...JOB_NAMES].sort().map((name) => ({
        name,
        dead_letter: name === "pgb.tick" || name === "pgb.hourly" ? null : `${name}.exhausted`,
      })),
    );
    await queue.stop();

    // A process started with another lease brings the existing queues up to date.
    const again = makeQueue(10);
    await again.enqueue({ name: "pgb.setup", data: {} });
    const { rows: updated } = await sql<{ heartbeat_seconds: number }>`
      select distinct heartbeat_seconds from pgboss.queue where name like 'pgb.%'`.execute(t.db);
    expect(updated).toEqual([{ heartbeat_seconds: 10 }]);
  });

  it("fetches the lowest rank first, then the oldest (fair scheduling of evaluation chunks)", async () => {
    const queue = makeQueue();
    // Three "runs" of three chunks each, enqueued run after run as the service does; the rank is
    // the chunk's index in its run.
    for (const run of ["a", "b", "c"])
      for (const chunk of [0, 1, 2])
        await queue.enqueue({ name: "pgb.fair", data: { job: `${run}${chunk}` }, rank: chunk });
    const order: string[] = [];
    await queue.startWorkers(
      { "pgb.fair": async (job) => void order.push(job.data.job as string) },
      { concurrency: 1 },
    );
    await waitFor("every job to run", async () => (order.length === 9 ? true : undefined), {
      timeoutMs: 20_000,
    });
    expect(order).toEqual(["a0", "b0", "c0", "a1", "b1", "c1", "a2", "b2", "c2"]);
  });

  it("runs an enqueued job with its data and attempt 1, then completes it", async () => {
    const queue = makeQueue();
    const calls: unknown[] = [];
    const id = await queue.enqueue({
      name: "pgb.echo",
      data: { project_id: "p-1", evaluation_id: "e-1", n: 7 },
    });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await pgBossJob(t.db, id)).toMatchObject({ state: "created", retry_count: 0 });

    await queue.startWorkers(
      {
        "pgb.echo": async (job) => {
          calls.push({
            id: job.id,
            name: job.name,
            data: job.data,
            attempt: job.attempt,
            aborted: job.signal.aborted,
          });
        },
      },
      { concurrency: 2 },
    );
    await waitForState(id, "completed");
    expect(calls).toEqual([
      {
        id,
        name: "pgb.echo",
        data: { project_id: "p-1", evaluation_id: "e-1", n: 7 },
        attempt: 1,
        aborted: false,
      },
    ]);
  });

  it("takes the next due job as soon as a job ends, not a polling interval later", async () => {
    // pg-boss's own loop would wait out the 3 s interval after each job (counted from the fetch):
    // evaluation chunks shorter than the interval left their worker idle for the rest of it.
    const queue = makeQueue(10, 3000);
    const spans: { started: number; ended: number }[] = [];
    // Queued before the workers start: no notification arrives while they run.
    for (let i = 0; i < 3; i += 1) await queue.enqueue({ name: "pgb.next", data: { i } });
    await queue.startWorkers(
      {
        "pgb.next": async () => {
          const started = performance.now();
          await sleep(50);
          spans.push({ started, ended: performance.now() });
        },
      },
      { concurrency: 1 },
    );
    await waitFor("three jobs to run", () => (spans.length === 3 ? true : undefined), {
      timeoutMs: 15_000,
      intervalMs: 20,
    });
    for (let i = 1; i < 3; i += 1)
      expect(spans[i]!.started - spans[i - 1]!.ended).toBeLessThan(1000);
  });

  it("starts a job enqueued while its workers wait for their next poll at once (NOTIFY)", async () => {
    const queue = makeQueue(10, 20_000);
    const started: number[] = [];
    await queue.startWorkers(
      { "pgb.next": async () => void started.push(performance.now()) },
      { concurrency: 1 },
    );
    // The workers' first fetch found nothing: the next poll is 20 s away.
    await sleep(500);
    const enqueuedAt = performance.now();
    await queue.enqueue({ name: "pgb.next", data: {} });
    await waitFor("the job to start", () => (started.length === 1 ? true : undefined), {
      timeoutMs: 15_000,
      intervalMs: 20,
    });
    expect(started[0]! - enqueuedAt).toBeLessThan(2000);
  });

  it("enqueues inside a transaction: a rolled-back job never exists, a committed one runs", async () => {
    const queue = makeQueue();
    let rolledBackId: string | undefined;
    await expect(
      t.db.transaction().execute(async (trx) => {
        rolledBackId = await queue.enqueue(
          { name: "pgb.tx", data: { which: "rolled back" } },
          { transaction: trx },
        );
        throw new Error("evaluation insert failed");
      }),
    ).rejects.toThrow("evaluation insert failed");
    expect(rolledBackId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pgBossJob(t.db, rolledBackId!)).toBeUndefined();

    const committedId = await t.db
      .transaction()
      .execute((trx) =>
        queue.enqueue({ name: "pgb.tx", data: { which: "committed" } }, { transaction: trx }),
      );
    expect(await pgBossJob(t.db, committedId)).toMatchObject({
      state: "created",
      data: { which: "committed" },
    });

    const seen: unknown[] = [];
    await queue.startWorkers(
      { "pgb.tx": async (job) => void seen.push({ id: job.id, data: job.data }) },
      { concurrency: 2 },
    );
    await waitForState(committedId, "completed");
    await sleep(600); // more than a polling interval: a phantom job would have run by now
    expect(seen).toEqual([{ id: committedId, data: { which: "committed" } }]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = 'pgb.tx'`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
  });

  it(`retries a failing handler (attempt 1…${DEFAULT_MAX_ATTEMPTS}), then fails the job`, async () => {
    const queue = makeQueue();
    const attempts: number[] = [];
    await queue.startWorkers(
      {
        "pgb.flaky": async (job) => {
          attempts.push(job.attempt);
          throw new Error(`model endpoint down (attempt ${job.attempt})`);
        },
      },
      { concurrency: 1 },
    );
    const id = await queue.enqueue({ name: "pgb.flaky", data: { project_id: "p-1" } });
    const failed = await waitFor(
      "the job to fail for good",
      async () => {
        const job = await pgBossJob(t.db, id);
        // Skip the (1 s, 2 s, 4 s, 8 s) backoff instead of waiting it out.
        if (job?.state === "retry") await makePgBossRetryDue(t.db, id);
        return job?.state === "failed" ? job : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    );
    expect(attempts).toEqual([1, 2, 3, 4, 5]);
    expect(failed).toMatchObject({
      state: "failed",
      retry_count: DEFAULT_MAX_ATTEMPTS - 1,
      retry_limit: DEFAULT_MAX_ATTEMPTS - 1,
    });
    expect(JSON.stringify(failed.output)).toContain(
      `model endpoint down (attempt ${DEFAULT_MAX_ATTEMPTS})`,
    );
    await sleep(600);
    expect(attempts).toHaveLength(DEFAULT_MAX_ATTEMPTS);
  });

  it("gives a job whose handler fails every attempt to its exhausted handler, once, through its dead-letter queue", async () => {
    const queue = makeQueue();
    const exhausted: ExhaustedJob[] = [];
    let giveUpAttempts = 0;
    await queue.startWorkers(
      {
        "pgb.doomed": async (job) => {
          throw new Error(`no luck (attempt ${job.attempt})`);
        },
      },
      {
        concurrency: 1,
        onExhausted: {
          "pgb.doomed": async (job) => {
            // The ending is a job: when it fails, it is tried again like any other.
            if (++giveUpAttempts === 1) throw new Error("database busy");
            exhausted.push(job);
          },
        },
      },
    );
    const data = { project_id: "p-1", trace_evaluation_ids: ["a", "b"] };
    const id = await queue.enqueue({ name: "pgb.doomed", data });
    expect(await queue.hasLiveJob("pgb.doomed", { trace_evaluation_ids: ["b"] })).toBe(true);
    expect(await queue.hasLiveJob("pgb.doomed", { trace_evaluation_ids: ["c"] })).toBe(false);
    await waitFor(
      "the exhausted handler to succeed",
      async () => {
        // Skip the retries' backoff instead of waiting it out.
        await sql`update pgboss.job set start_after = now() where state = 'retry'`.execute(t.db);
        return exhausted.length > 0;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    expect(exhausted).toEqual([
      {
        id,
        name: "pgb.doomed",
        data,
        attempts: DEFAULT_MAX_ATTEMPTS,
        error: `no luck (attempt ${DEFAULT_MAX_ATTEMPTS})`,
      },
    ]);
    expect(giveUpAttempts).toBe(2);
    expect((await pgBossJob(t.db, id))?.state).toBe("failed");
    await waitFor("no live job", async () => !(await queue.hasLiveJob("pgb.doomed", data)), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
  });

  it("registers schedules as cron entries, once however many processes register them", async () => {
    const a = makeQueue();
    const b = makeQueue();
    for (const queue of [a, b]) {
      await queue.schedule("pgb.tick", 10);
      await queue.schedule("pgb.hourly", 60);
    }
    const { rows } = await sql<Record<string, unknown>>`
      select name, key, cron, timezone from pgboss.schedule order by name`.execute(t.db);
    expect(rows).toEqual([
      { name: "pgb.hourly", key: "", cron: "0 */1 * * *", timezone: "UTC" },
      { name: "pgb.tick", key: "", cron: "*/10 * * * *", timezone: "UTC" },
    ]);
  });

  it("keeps at most one job of a scheduled queue waiting, and refuses periods cron cannot express", async () => {
    const queue = makeQueue();
    await queue.schedule("pgb.tick", 10);
    const { rows } = await sql<{ name: string; policy: string }>`
      select name, policy from pgboss.queue where name in ('pgb.tick', 'pgb.echo') order by name`.execute(
      t.db,
    );
    expect(rows).toEqual([
      { name: "pgb.echo", policy: "standard" },
      { name: "pgb.tick", policy: "exclusive" },
    ]);
    await queue.enqueue({ name: "pgb.tick", data: {} });
    await expect(queue.enqueue({ name: "pgb.tick", data: {} })).rejects.toThrow(
      "pg-boss did not accept a pgb.tick job",
    );
    await expect(queue.schedule("pgb.tick", 7)).rejects.toThrow(
      "a schedule's period must divide an hour or a day, got 7 minutes",
    );
  });

  it("stops cleanly: waits for a running job, closes its connections, and may be called twice", async () => {
    // A queue that never touched the database stops at once.
    await makeQueue().stop();

    const queue = makeQueue();
    const started: number[] = [];
    const finished: number[] = [];
    await queue.startWorkers(
      {
        "pgb.slow": async (job) => {
          started.push(job.attempt);
          await sleep(300);
          finished.push(job.attempt);
        },
      },
      { concurrency: 1 },
    );
    expect(await assayConnections()).toBeGreaterThan(0);
    const id = await queue.enqueue({ name: "pgb.slow", data: {} });
    await waitFor("the slow job to start", () => started.length === 1, { timeoutMs: 5000 });

    await queue.stop();
    expect(finished).toEqual([1]);
    expect(await pgBossJob(t.db, id)).toMatchObject({ state: "completed", retry_count: 0 });
    await waitFor("pg-boss connections to close", async () => (await assayConnections()) === 0, {
      timeoutMs: 5000,
    });
    await queue.stop();
  });
});
