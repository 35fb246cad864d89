import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { Clock } from "../../clock.ts";
import type { DatabaseSchema, JobRow, JobUpdate } from "../../db/schema.ts";
import {
  containsJson,
  cronForPeriod,
  DEFAULT_MAX_ATTEMPTS,
  type ExhaustedHandler,
  exhaustedQueueName,
  type JobHandlers,
  type JobQueue,
  WORKER_STOPPED,
} from "../job-queue.ts";

export interface EmbeddedQueueOptions {
  db: Kysely<DatabaseSchema>;
  dialect: "sqlite" | "postgres";
  clock: Clock;
  logger: Logger;
  /** A job whose worker has not renewed its lease for this long is claimed again. */
  leaseSeconds: number;
  pollIntervalMs: number;
  /** How long `stop()` waits for running jobs before aborting them. */
  stopGraceMs?: number;
}

/** Finished jobs are kept this long for inspection, then deleted. */
const RETAIN_FINISHED_MS = 7 * 24 * 3600 * 1000;

/**
 * Durable jobs in the service's own database, worked by this process. Each claim takes a lease
 * with a fresh fencing token; a heartbeat renews it; a worker that dies stops renewing, and the
 * job is claimed again once the lease expires. Writes by a worker that lost its lease match no
 * row (they filter on the token), so a late zombie cannot complete or fail a job it no longer owns.
 */
export function createEmbeddedQueue(options: EmbeddedQueueOptions): JobQueue {
  const { db, clock, logger, leaseSeconds, pollIntervalMs } = options;
  const wake = new EventEmitter().setMaxListeners(0);
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const schedules = new Map<string, { everyMs: number; nextAt: number }>();
  let onExhausted: { [name: string]: ExhaustedHandler } = {};
  let stopping = false;
  let loop: Promise<void> | undefined;
  let nextPruneAt = 0;

  const iso = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

  async function insertJob(
    target: Kysely<DatabaseSchema>,
    name: string,
    data: Record<string, unknown>,
    runAt: Date | undefined,
    singletonKey: string | null,
    fairness: { rank?: number; fairnessKey?: string } = {},
  ) {
    const now = iso();
    const id = randomUUID();
    await target
      .insertInto("jobs")
      .values({
        id,
        name,
        payload: JSON.stringify(data),
        status: "queued",
        singleton_key: singletonKey,
        run_at: runAt?.toISOString() ?? now,
        rank: fairness.rank ?? 0,
        fair_key: fairness.fairnessKey ?? null,
        max_attempts: DEFAULT_MAX_ATTEMPTS,
        created_at: now,
        updated_at: now,
      })
      // Only the singleton index can conflict: a scheduled job of that name already waits.
      .onConflict((oc) => oc.doNothing())
      .execute();
    wake.emit("job");
    return id;
  }

  /**
   * Takes the next due job (or one whose lease expired) and leases it to this worker. Fair
   * scheduling (README.md): the job whose key has the fewest active jobs, then the lowest rank,
   * then the longest due.
   */
  async function claim(names: string[]): Promise<JobRow | undefined> {
    const now = iso();
    // Active jobs per fairness key: a handful of rows (one per running job), grouped once per
    // claim rather than counted once per candidate.
    const busy = db
      .selectFrom("jobs")
      .select(["fair_key", (eb) => eb.fn.countAll<number>().as("n")])
      .where("status", "=", "active")
      .where("fair_key", "is not", null)
      .groupBy("fair_key")
      .as("busy");
    let next = db
      .selectFrom("jobs")
      .leftJoin(busy, "busy.fair_key", "jobs.fair_key")
      .select("jobs.id")
      .where("jobs.name", "in", names)
      .where((eb) =>
        eb.or([
          eb.and([eb("jobs.status", "=", "queued"), eb("jobs.run_at", "<=", now)]),
          eb.and([eb("jobs.status", "=", "active"), eb("jobs.lease_expires_at", "<", now)]),
        ]),
      )
      .orderBy((eb) => eb.fn.coalesce("busy.n", eb.lit(0)))
      .orderBy("jobs.rank")
      .orderBy("jobs.run_at")
      .limit(1);
    // SQLite serializes writers, so the single UPDATE is the lock; PostgreSQL needs SKIP LOCKED
    // so two workers never take the same row.
    if (options.dialect === "postgres") next = next.forUpdate(["jobs"]).skipLocked();
    return db
      .updateTable("jobs")
      .set({
        status: "active",
        attempts: sql`attempts + 1`,
        lease_token: randomUUID(),
        lease_expires_at: iso(leaseSeconds * 1000),
        updated_at: now,
      })
      .where("id", "=", (eb) => eb.selectFrom(next.as("next")).select("next.id"))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Ends this worker's lease on a job; false (and nothing written) when the lease was taken over.
   */
  async function finish(job: JobRow, values: JobUpdate, target: Kysely<DatabaseSchema> = db) {
    const result = await target
      .updateTable("jobs")
      .set({ ...values, lease_token: null, lease_expires_at: null, updated_at: iso() })
      .where("id", "=", job.id)
      .where("lease_token", "=", job.lease_token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function fail(job: JobRow, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const retry = job.attempts < job.max_attempts;
    // 1 s, 2 s, 4 s … capped at 5 minutes: a failing dependency gets time to come back.
    const delayMs = Math.min(300_000, 1000 * 2 ** (job.attempts - 1));
    const values = {
      status: retry ? "queued" : "failed",
      run_at: retry ? iso(delayMs) : job.run_at,
      last_error: message.slice(0, 2000),
    };
    if (retry || !onExhausted[job.name]) await finish(job, values);
    // The failed job and the job that ends its work commit together (a dead-letter queue, as
    // pg-boss keeps one): a crash in between cannot lose the ending.
    else
      await db.transaction().execute(async (trx) => {
        if (!(await finish(job, values, trx))) return;
        const exhausted = {
          job_id: job.id,
          data: JSON.parse(job.payload) as Record<string, unknown>,
          attempts: Math.min(job.attempts, job.max_attempts),
          error: message.slice(0, 2000),
        };
        await insertJob(trx, exhaustedQueueName(job.name), exhausted, undefined, null);
      });
    logger.warn(
      { job: job.id, name: job.name, attempt: job.attempts, retry, err: message },
      "job failed",
    );
  }

  /** Hands a job back without counting the attempt (this worker is stopping). */
  const release = (job: JobRow) => finish(job, { status: "queued", attempts: job.attempts - 1 });

  function renewLease(job: JobRow, controller: AbortController) {
    db.updateTable("jobs")
      .set({ lease_expires_at: iso(leaseSeconds * 1000), updated_at: iso() })
      .where("id", "=", job.id)
      .where("lease_token", "=", job.lease_token)
      .executeTakeFirst()
      .then((r) => {
        // Another worker took the job over: stop working on it.
        if (Number(r.numUpdatedRows) === 0) controller.abort(new Error("lease lost"));
      })
      .catch((err: unknown) => logger.warn({ err, job: job.id }, "lease renewal failed"));
  }

  function run(job: JobRow, handlers: JobHandlers) {
    const controller = new AbortController();
    const heartbeat = setInterval(() => renewLease(job, controller), (leaseSeconds * 1000) / 3);
    const done = (async () => {
      try {
        const handler = handlers[job.name];
        if (job.attempts > job.max_attempts) {
          // Its last attempt's worker died (the lease lapsed): nothing ran it to an error.
          throw new Error(WORKER_STOPPED);
        }
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler({
          id: job.id,
          name: job.name,
          data: JSON.parse(job.payload) as Record<string, unknown>,
          attempt: job.attempts,
          signal: controller.signal,
        });
        await finish(job, { status: "completed" });
      } catch (error) {
        // Stopped on purpose: hand the job back instead of counting a failure.
        if (controller.signal.aborted) await release(job);
        else await fail(job, error);
      } finally {
        clearInterval(heartbeat);
        running.delete(job.id);
        wake.emit("slot");
      }
    })().catch((err: unknown) => logger.error({ err, job: job.id }, "job bookkeeping failed"));
    running.set(job.id, { controller, done });
  }

  /** Enqueues scheduled jobs that are due, and now and then deletes old finished jobs. */
  async function tick() {
    const now = clock.now().getTime();
    for (const [name, s] of schedules) {
      if (now < s.nextAt) continue;
      s.nextAt = now + s.everyMs;
      await insertJob(db, name, {}, undefined, `schedule:${name}`);
    }
    if (now >= nextPruneAt) {
      nextPruneAt = now + 3600_000;
      await db
        .deleteFrom("jobs")
        .where("status", "in", ["completed", "failed"])
        .where("updated_at", "<", iso(-RETAIN_FINISHED_MS))
        .execute();
    }
  }

  function nextSignal(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        for (const event of ["job", "slot", "stop"]) wake.off(event, done);
        resolve();
      }
      for (const event of ["job", "slot", "stop"]) wake.once(event, done);
    });
  }

  async function work(handlers: JobHandlers, concurrency: number) {
    const names = Object.keys(handlers);
    while (!stopping) {
      try {
        await tick();
        if (running.size >= concurrency) {
          await nextSignal(pollIntervalMs);
          continue;
        }
        const job = await claim(names);
        if (job && !stopping) run(job, handlers);
        else if (job) await release(job);
        else await nextSignal(pollIntervalMs);
      } catch (err) {
        // The database is unavailable (restart, lock contention): back off and try again.
        logger.warn({ err }, "job queue cannot reach the database");
        await nextSignal(pollIntervalMs);
      }
    }
  }

  return {
    driver: "embedded",
    enqueue: (request, opts = {}) =>
      insertJob(opts.transaction ?? db, request.name, request.data, request.runAt, null, request),
    async schedule(name, everyMinutes) {
      cronForPeriod(everyMinutes); // the same periods as every driver
      schedules.set(name, { everyMs: everyMinutes * 60_000, nextAt: 0 });
    },
    async startWorkers(handlers, options) {
      onExhausted = options.onExhausted ?? {};
      const giveUps = Object.entries(onExhausted).map(([name, handle]) => [
        exhaustedQueueName(name),
        async ({ data }: { data: Record<string, unknown> }) => {
          const { job_id, ...rest } = data as { job_id: string; data: Record<string, unknown> } & {
            attempts: number;
            error: string;
          };
          await handle({ id: job_id, name, ...rest });
        },
      ]);
      loop = work({ ...handlers, ...Object.fromEntries(giveUps) }, options.concurrency);
    },
    async hasLiveJob(name, match) {
      const exhausted = exhaustedQueueName(name);
      const rows = await db
        .selectFrom("jobs")
        .select(["name", "payload"])
        .where("name", "in", [name, exhausted])
        .where("status", "in", ["queued", "active"])
        .execute();
      return rows.some((row) => {
        const payload = JSON.parse(row.payload) as { data?: unknown };
        return containsJson(row.name === exhausted ? payload.data : payload, match);
      });
    },
    async stop() {
      stopping = true;
      wake.emit("stop");
      await loop;
      const graceMs = options.stopGraceMs ?? 10_000;
      const allDone = () => Promise.all([...running.values()].map((j) => j.done));
      const grace = () => new Promise((r) => setTimeout(r, graceMs).unref());
      await Promise.race([allDone(), grace()]);
      for (const j of running.values()) j.controller.abort(new Error("worker stopping"));
      // A handler that ignores its signal keeps its job leased: the lease expires and another
      // worker takes the job over, so stopping need not wait for it.
      await Promise.race([allDone(), grace()]);
    },
  };
}
