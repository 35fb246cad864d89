import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  gate,
  jobRow,
  jobRowsNamed,
  openQueueTestDatabase,
  type QueueTestDatabase,
  silentLogger,
  sleep,
  waitFor,
} from "@assay/test-kit/queue-test-kit.ts";
import { TestClock } from "@assay/test-kit/test-clock.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../src/platform/clock.ts";
import type { Database } from "../../src/platform/db/database.ts";
import { createEmbeddedQueue } from "../../src/platform/queue/embedded/embedded-queue.ts";
import {
  DEFAULT_MAX_ATTEMPTS,
  type ExhaustedJob,
  type JobQueue,
} from "../../src/platform/queue/job-queue.ts";

const POLL_MS = 10;

describe.each(DIALECTS)("embedded job queue on %s", (dialect) => {
  let t: QueueTestDatabase;
  const queues: JobQueue[] = [];
  const gates: Array<ReturnType<typeof gate>> = [];
  /** A gate opened after each test at the latest, so a failed assertion never hangs stop(). */
  const hold = () => {
    const g = gate();
    gates.push(g);
    return g;
  };

  beforeAll(async () => {
    t = await openQueueTestDatabase(dialect);
  });
  afterEach(async () => {
    for (const g of gates.splice(0)) g.open();
    for (const queue of queues.splice(0)) await queue.stop();
  });
  afterAll(() => t.close());

  function makeQueue(
    options: { clock?: Clock; leaseSeconds?: number; stopGraceMs?: number; db?: Database } = {},
  ): JobQueue {
    const queue = createEmbeddedQueue({
      db: options.db ?? t.db,
      dialect,
      clock: options.clock ?? new TestClock(),
      logger: silentLogger,
      leaseSeconds: options.leaseSeconds ?? 3600,
      pollIntervalMs: POLL_MS,
      stopGraceMs: options.stopGraceMs ?? 2000,
    });
    queues.push(queue);
    return queue;
  }

  const waitForStatus = (id: string, status: string, timeoutMs?: number) =>
    waitFor(
      `job ${id} to be ${status}`,
      async () => {
        const row = await jobRow(t.db, id);
        return row?.status === status ? row : undefined;
      },
      { timeoutMs },
    );

  it("runs a job once, with its data and attempt 1, and marks it completed", async () => {
    const queue = makeQueue();
    const calls: unknown[] = [];
    await queue.startWorkers(
      {
        "emb.echo": async (job) => {
          calls.push({ id: job.id, name: job.name, data: job.data, attempt: job.attempt });
          expect(job.signal.aborted).toBe(false);
        },
      },
      { concurrency: 2 },
    );
    const id = await queue.enqueue({
      name: "emb.echo",
      data: { project_id: "p-1", evaluation_id: "e-1", n: 7 },
    });
    const row = await waitForStatus(id, "completed");
    await queue.stop();

    expect(calls).toEqual([
      {
        id,
        name: "emb.echo",
        data: { project_id: "p-1", evaluation_id: "e-1", n: 7 },
        attempt: 1,
      },
    ]);
    expect(row).toMatchObject({
      id,
      name: "emb.echo",
      payload: '{"project_id":"p-1","evaluation_id":"e-1","n":7}',
      status: "completed",
      attempts: 1,
      max_attempts: DEFAULT_MAX_ATTEMPTS,
      lease_token: null,
      lease_expires_at: null,
      last_error: null,
    });
  });

  it("does not run a job before its runAt", async () => {
    const clock = new TestClock();
    const queue = makeQueue({ clock });
    const runs: number[] = [];
    await queue.startWorkers(
      { "emb.later": async (job) => void runs.push(job.attempt) },
      { concurrency: 1 },
    );
    const id = await queue.enqueue({
      name: "emb.later",
      data: {},
      runAt: new Date(clock.now().getTime() + 60_000),
    });
    await sleep(20 * POLL_MS);
    expect(runs).toEqual([]);
    expect((await jobRow(t.db, id))?.status).toBe("queued");

    clock.advance(61_000);
    await waitForStatus(id, "completed");
    expect(runs).toEqual([1]);
  });

  it("claims the lowest rank first, then the oldest (fair scheduling of evaluation chunks)", async () => {
    const clock = new TestClock();
    const queue = makeQueue({ clock });
    // Three "runs" of three chunks each, enqueued run after run as the service does; the rank is
    // the chunk's index in its run.
    for (const run of ["a", "b", "c"])
      for (const chunk of [0, 1, 2]) {
        await queue.enqueue({ name: "emb.fair", data: { job: `${run}${chunk}` }, rank: chunk });
        clock.advance(1);
      }
    const order: string[] = [];
    await queue.startWorkers(
      { "emb.fair": async (job) => void order.push(job.data.job as string) },
      { concurrency: 1 },
    );
    await waitFor("every job to run", async () => (order.length === 9 ? true : undefined));
    expect(order).toEqual(["a0", "b0", "c0", "a1", "b1", "c1", "a2", "b2", "c2"]);
  });

  it("serves the fairness key with the fewest active jobs first, before ranks", async () => {
    const clock = new TestClock();
    const queue = makeQueue({ clock });
    const held = hold();
    const order: string[] = [];
    await queue.startWorkers(
      {
        "emb.org": async (job) => {
          order.push(job.data.job as string);
          if (job.data.job === "x-running") await held.promise;
        },
      },
      { concurrency: 2 },
    );
    await queue.enqueue({ name: "emb.org", data: { job: "x-running" }, fairnessKey: "x" });
    await waitFor("x's first job to run", () => order.includes("x-running"));
    // Organization x has a job running, y none: y's job goes first, though x's outranks it and
    // was enqueued before it (one transaction: the free worker sees both at once).
    await t.db.transaction().execute(async (transaction) => {
      const job = (name: string, more: object) =>
        queue.enqueue({ name: "emb.org", data: { job: name }, ...more }, { transaction });
      await job("x-next", { fairnessKey: "x" });
      clock.advance(1);
      await job("y", { fairnessKey: "y", rank: 5 });
    });
    await waitFor("both to run", () => order.length === 3);
    held.open();
    expect(order).toEqual(["x-running", "y", "x-next"]);
  });

  it(`retries a throwing handler with backoff and fails the job after ${DEFAULT_MAX_ATTEMPTS} attempts`, async () => {
    const clock = new TestClock();
    const queue = makeQueue({ clock });
    const attempts: number[] = [];
    await queue.startWorkers(
      {
        "emb.flaky": async (job) => {
          attempts.push(job.attempt);
          throw new Error(`model endpoint down (attempt ${job.attempt})`);
        },
      },
      { concurrency: 1 },
    );
    const id = await queue.enqueue({ name: "emb.flaky", data: { project_id: "p-1" } });

    for (let attempt = 1; attempt < DEFAULT_MAX_ATTEMPTS; attempt++) {
      const row = await waitFor(`retry ${attempt} to be scheduled`, async () => {
        const r = await jobRow(t.db, id);
        return r?.status === "queued" && r.attempts === attempt ? r : undefined;
      });
      expect(row.last_error).toBe(`model endpoint down (attempt ${attempt})`);
      expect(row.lease_token).toBeNull();
      // 1 s, 2 s, 4 s, 8 s after the failure (updated_at and run_at are read a moment apart).
      const delay = Date.parse(row.run_at) - Date.parse(row.updated_at);
      expect(delay).toBeGreaterThanOrEqual(1000 * 2 ** (attempt - 1) - 1);
      expect(delay).toBeLessThanOrEqual(1000 * 2 ** (attempt - 1));
      // Not retried before the delay is over...
      await sleep(5 * POLL_MS);
      expect(attempts).toHaveLength(attempt);
      // ...and retried once it is.
      clock.advance(300_000);
    }

    const failed = await waitForStatus(id, "failed");
    expect(attempts).toEqual([1, 2, 3, 4, 5]);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: DEFAULT_MAX_ATTEMPTS,
      last_error: `model endpoint down (attempt ${DEFAULT_MAX_ATTEMPTS})`,
      lease_token: null,
      lease_expires_at: null,
    });
    // A failed job stays failed, however long we wait.
    clock.advance(3600_000);
    await sleep(10 * POLL_MS);
    expect(attempts).toHaveLength(DEFAULT_MAX_ATTEMPTS);
  });

  it("gives a job whose handler fails every attempt to its exhausted handler, once, in a job of its own", async () => {
    const clock = new TestClock();
    const queue = makeQueue({ clock });
    const exhausted: ExhaustedJob[] = [];
    let giveUpAttempts = 0;
    await queue.startWorkers(
      {
        "emb.doomed": async (job) => {
          throw new Error(`no luck (attempt ${job.attempt})`);
        },
      },
      {
        concurrency: 1,
        onExhausted: {
          "emb.doomed": async (job) => {
            // The ending is a job: when it fails, it is tried again like any other.
            if (++giveUpAttempts === 1) throw new Error("database busy");
            exhausted.push(job);
          },
        },
      },
    );
    const data = { project_id: "p-1", evaluation_id: "e-7" };
    const id = await queue.enqueue({ name: "emb.doomed", data });
    expect(await queue.hasLiveJob("emb.doomed", { evaluation_id: "e-7" })).toBe(true);
    expect(await queue.hasLiveJob("emb.doomed", { evaluation_id: "e-8" })).toBe(false);
    await waitFor(
      "the exhausted handler to succeed",
      () => {
        clock.advance(300_000); // skip the retries' backoff
        return exhausted.length > 0;
      },
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(exhausted).toEqual([
      {
        id,
        name: "emb.doomed",
        data,
        attempts: DEFAULT_MAX_ATTEMPTS,
        error: `no luck (attempt ${DEFAULT_MAX_ATTEMPTS})`,
      },
    ]);
    expect(giveUpAttempts).toBe(2);
    expect((await jobRow(t.db, id))?.status).toBe("failed");
    await waitFor("no live job", async () => !(await queue.hasLiveJob("emb.doomed", data)));
  });

  it("enqueues inside a transaction: nothing when it rolls back, the job when it commits", async () => {
    const queue = makeQueue();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queue.enqueue(
          { name: "emb.tx", data: { which: "rolled back" } },
          { transaction: trx },
        );
        throw new Error("evaluation insert failed");
      }),
    ).rejects.toThrow("evaluation insert failed");
    expect(await jobRowsNamed(t.db, "emb.tx")).toEqual([]);

    const id = await t.db
      .transaction()
      .execute((trx) =>
        queue.enqueue({ name: "emb.tx", data: { which: "committed" } }, { transaction: trx }),
      );
    const rows = await jobRowsNamed(t.db, "emb.tx");
    expect(rows.map((r) => [r.id, r.payload, r.status])).toEqual([
      [id, '{"which":"committed"}', "queued"],
    ]);

    const seen: unknown[] = [];
    await queue.startWorkers(
      { "emb.tx": async (job) => void seen.push(job.data) },
      { concurrency: 2 },
    );
    await waitForStatus(id, "completed");
    await queue.stop();
    expect(seen).toEqual([{ which: "committed" }]);
  });

  it("runs a schedule at start, then not again until its period has passed", async () => {
    const clock = new TestClock();
    const queue = makeQueue({ clock });
    const runs: unknown[] = [];
    await queue.schedule("emb.tick", 10);
    await queue.startWorkers(
      { "emb.tick": async (job) => void runs.push({ data: job.data, attempt: job.attempt }) },
      { concurrency: 2 },
    );
    const completedRuns = async (n: number) =>
      waitFor(`${n} completed schedule runs`, async () => {
        const rows = await jobRowsNamed(t.db, "emb.tick");
        return rows.length === n && rows.every((r) => r.status === "completed") ? rows : undefined;
      });

    const first = await completedRuns(1);
    expect(first[0]).toMatchObject({ payload: "{}", singleton_key: "schedule:emb.tick" });
    clock.advance(9 * 60_000 + 50_000);
    await sleep(20 * POLL_MS);
    expect(await jobRowsNamed(t.db, "emb.tick")).toHaveLength(1);

    clock.advance(11_000);
    await completedRuns(2);
    await sleep(20 * POLL_MS);
    expect(await jobRowsNamed(t.db, "emb.tick")).toHaveLength(2);
    expect(runs).toEqual([
      { data: {}, attempt: 1 },
      { data: {}, attempt: 1 },
    ]);
  });

  it("never has two jobs of one schedule waiting at once, across queue instances", async () => {
    const clock = new TestClock();
    // Two processes scheduling the same job, neither working it: its run is overdue for periods.
    const a = makeQueue({ clock });
    const b = makeQueue({ clock, db: t.openAnother() });
    for (const queue of [a, b]) {
      await queue.schedule("emb.waiting", 10);
      await queue.startWorkers({ "emb.unrelated": async () => {} }, { concurrency: 1 });
    }
    await waitFor("the first scheduled job", async () => {
      const rows = await jobRowsNamed(t.db, "emb.waiting");
      return rows.length > 0;
    });
    for (let period = 0; period < 3; period++) {
      clock.advance(10 * 60_000 + 1000);
      await sleep(20 * POLL_MS);
      const rows = await jobRowsNamed(t.db, "emb.waiting");
      expect(rows.map((r) => r.status)).toEqual(["queued"]);
    }

    // The same holds while the one job runs (active): no second one is queued behind it.
    const running = hold();
    const runs: number[] = [];
    const c = makeQueue({ clock });
    await c.schedule("emb.waiting", 10);
    await c.startWorkers(
      {
        "emb.waiting": async (job) => {
          runs.push(job.attempt);
          await running.promise;
        },
      },
      { concurrency: 4 },
    );
    await waitFor("the scheduled job to run", () => runs.length === 1);
    for (let period = 0; period < 3; period++) {
      clock.advance(10 * 60_000 + 1000);
      await sleep(20 * POLL_MS);
      const rows = await jobRowsNamed(t.db, "emb.waiting");
      expect(rows.map((r) => r.status)).toEqual(["active"]);
    }
    expect(runs).toEqual([1]);
    running.open();
    await waitFor("the scheduled job to complete", async () => {
      const rows = await jobRowsNamed(t.db, "emb.waiting");
      return rows[0]?.status === "completed";
    });
  });

  it("fences a worker whose lease expired: the new owner's lease and completion stand", async () => {
    // B's clock runs a minute ahead: to B, A's lease has long expired (A is frozen, or its
    // heartbeats stopped reaching the database).
    const clockA = new TestClock();
    const clockB = new TestClock();
    clockB.advance(60_000);
    // A 1.5 s lease: A's heartbeat runs every 500 ms.
    const a = makeQueue({ clock: clockA, leaseSeconds: 1.5 });
    const b = makeQueue({ clock: clockB, leaseSeconds: 1.5, db: t.openAnother() });
    const holdA = hold();
    const holdB = hold();
    const calls: string[] = [];
    let signalA: AbortSignal | undefined;

    await a.startWorkers(
      {
        "emb.fence": async (job) => {
          calls.push(`A attempt ${job.attempt}`);
          signalA = job.signal;
          await holdA.promise; // a zombie: ignores the abort, finishes late
        },
      },
      { concurrency: 1 },
    );
    const id = await a.enqueue({ name: "emb.fence", data: { sample: 1 } });
    const leasedByA = await waitForStatus(id, "active");
    expect(leasedByA.attempts).toBe(1);
    expect(leasedByA.lease_token).toMatch(/^[0-9a-f-]{36}$/);

    await b.startWorkers(
      {
        "emb.fence": async (job) => {
          calls.push(`B attempt ${job.attempt}`);
          await holdB.promise;
        },
      },
      { concurrency: 1 },
    );
    const leasedByB = await waitFor("B to take the job over", async () => {
      const row = await jobRow(t.db, id);
      return row?.lease_token !== leasedByA.lease_token ? row : undefined;
    });
    expect(leasedByB).toMatchObject({ status: "active", attempts: 2 });
    expect(leasedByB.lease_token).toMatch(/^[0-9a-f-]{36}$/);

    // A's next heartbeat finds its token gone and aborts its handler.
    await waitFor("A's signal to be aborted", () => signalA?.aborted === true, {
      timeoutMs: 3000,
    });
    expect((signalA?.reason as Error | undefined)?.message).toBe("lease lost");

    // A finishes late; its completion matches no row (stop() waits for A's bookkeeping).
    holdA.open();
    await a.stop();
    expect(await jobRow(t.db, id)).toMatchObject({
      status: "active",
      attempts: 2,
      lease_token: leasedByB.lease_token,
    });

    holdB.open();
    const done = await waitForStatus(id, "completed");
    expect(done).toMatchObject({ attempts: 2, lease_token: null, last_error: null });
    expect(calls).toEqual(["A attempt 1", "B attempt 2"]);
  });

  it("lets a running job finish within stop()'s grace period", async () => {
    const queue = makeQueue({ stopGraceMs: 5000 });
    const started = hold();
    await queue.startWorkers(
      {
        "emb.short": async () => {
          started.open();
          await sleep(100);
        },
      },
      { concurrency: 1 },
    );
    const id = await queue.enqueue({ name: "emb.short", data: {} });
    await started.promise;
    await queue.stop();
    expect(await jobRow(t.db, id)).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("stop() hands a running job back, uncounted, and another worker picks it up", async () => {
    const a = makeQueue({ stopGraceMs: 50 });
    const calls: string[] = [];
    let reason: unknown;
    await a.startWorkers(
      {
        "emb.handback": (job) => {
          calls.push(`A attempt ${job.attempt}`);
          return new Promise((_resolve, reject) =>
            job.signal.addEventListener("abort", () => {
              reason = job.signal.reason;
              reject(job.signal.reason);
            }),
          );
        },
      },
      { concurrency: 1 },
    );
    const id = await a.enqueue({ name: "emb.handback", data: { project_id: "p-1" } });
    // Wait for the handler itself: between the claim and the handler, stop() hands the job back unrun.
    await waitFor("A's handler to start", () => calls.length === 1);
    await a.stop();
    expect((reason as Error).message).toBe("worker stopping");
    expect(await jobRow(t.db, id)).toMatchObject({
      status: "queued",
      attempts: 0,
      lease_token: null,
      lease_expires_at: null,
      last_error: null,
    });

    const b = makeQueue({ db: t.openAnother() });
    await b.startWorkers(
      { "emb.handback": async (job) => void calls.push(`B attempt ${job.attempt}`) },
      { concurrency: 1 },
    );
    expect(await waitForStatus(id, "completed")).toMatchObject({ attempts: 1, last_error: null });
    expect(calls).toEqual(["A attempt 1", "B attempt 1"]);
  });
});
