import { fromKysely, type KyselyTransactionLike, PgBoss } from "pg-boss";
import type { Logger } from "pino";
import {
  cronForPeriod,
  DEFAULT_MAX_ATTEMPTS,
  exhaustedQueueName,
  type JobQueue,
  WORKER_STOPPED,
} from "../job-queue.ts";

export interface PgBossQueueOptions {
  connectionString: string;
  logger: Logger;
  /** Every job name this process may send or work: pg-boss queues must exist before use. */
  jobNames: readonly string[];
  /** The names that run on a schedule: their queues hold at most one job, queued or running. */
  scheduledJobNames?: readonly string[];
  /** A job whose worker stops sending heartbeats for this long is retried (pg-boss minimum 10 s). */
  leaseSeconds: number;
  pollIntervalMs: number;
  /** How often pg-boss looks for jobs whose heartbeat stopped (tests shorten it). */
  monitorIntervalSeconds?: number;
  schema?: string;
}

/** Jobs may run long (a large evaluation); liveness comes from heartbeats, not from this bound. */
const MAX_JOB_SECONDS = 24 * 3600;

/** States of a job that may still run (pg-boss's `created`, `retry`, `active`). */
const LIVE_STATES = new Set<string>(["created", "retry", "active"]);

/** The message of a failed job's output: a thrown error, or the monitor's own note. */
function outputMessage(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = o?.value?.message ?? o?.message;
  if (message === "job heartbeat timeout") return WORKER_STOPPED;
  return typeof message === "string" ? message : JSON.stringify(output ?? "unknown error");
}

/**
 * Jobs in PostgreSQL through pg-boss: any number of `assay worker` processes on any number of
 * machines share the queues (SKIP LOCKED). A worker that dies stops its heartbeats; pg-boss's
 * monitor then fails the attempt and the job is retried, like a lapsed lease in the embedded driver.
 */
export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const heartbeatSeconds = Math.max(10, options.leaseSeconds);
  const monitorIntervalSeconds = options.monitorIntervalSeconds ?? 30;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema ?? "pgboss",
    max: 4,
    application_name: "assay",
    monitorIntervalSeconds,
    // The monitor (which fails jobs whose heartbeat stopped) runs inside pg-boss's supervise pass,
    // every superviseIntervalSeconds (default 60 s): without this, a dead worker's job waited up
    // to a minute longer than monitorIntervalSeconds says.
    superviseIntervalSeconds: monitorIntervalSeconds,
    // A job wakes the workers of its queue when its transaction commits (LISTEN/NOTIFY on one more
    // connection per process): an evaluation's first chunk no longer waits for the next poll, up
    // to pollIntervalMs after its POST. Where LISTEN cannot be held (PgBouncer in transaction
    // mode), pg-boss warns and the workers poll as before.
    useListenNotify: true,
  });
  boss.on("error", (err) => options.logger.error({ err }, "pg-boss error"));

  const queueOptions = {
    retryLimit: DEFAULT_MAX_ATTEMPTS - 1,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: MAX_JOB_SECONDS,
    heartbeatSeconds,
  };

  /**
   * pg-boss's worker loop waits out the rest of its polling interval after a job, counted from
   * the fetch that took it: a chunk of an evaluation that ran in 0.3 s left its slot idle for
   * 0.7 s at the default 1 s poll, so a worker of 4 slots ran at most 4 chunks a second however
   * fast it was (about 2,000 prompts/s with 500-prompt chunks; bench/worker-scaling.ts). A
   * notified pg-boss worker skips that wait: when a job of a queue ends, this process's workers of
   * that queue look for the next job at once: the one that ran it when it loops, an idle one now
   * (at most one fetch each, found empty when no job is due). The embedded driver does the same
   * with its `slot` signal.
   */
  const wakeWorkers = (name: string) => {
    for (const worker of boss.getWipData())
      if (worker.name === name && worker.state === "active") boss.notifyWorker(worker.id);
  };

  let started: Promise<void> | undefined;
  const ready = () => {
    started ??= (async () => {
      await boss.start();
      for (const name of options.jobNames) {
        // A queue's policy is fixed when it is created (updateQueue cannot change it).
        const scheduled = options.scheduledJobNames?.includes(name) ?? false;
        // A job that runs out of attempts (its handler kept failing, or its heartbeats stopped
        // on the last one) is copied to its dead-letter queue in the statement that fails it,
        // where its exhausted handler takes it. Scheduled jobs simply run again at their next tick.
        const deadLetter = scheduled ? {} : { deadLetter: exhaustedQueueName(name) };
        if (!scheduled) {
          await boss.createQueue(exhaustedQueueName(name), queueOptions);
          await boss.updateQueue(exhaustedQueueName(name), queueOptions);
        }
        await boss.createQueue(name, {
          ...queueOptions,
          ...deadLetter,
          notify: true,
          policy: scheduled ? "exclusive" : "standard",
        });
        // createQueue leaves an existing queue alone: bring its settings up to date.
        await boss.updateQueue(name, { ...queueOptions, ...deadLetter, notify: true });
      }
    })().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };

  return {
    driver: "pg-boss",
    async enqueue(request, opts = {}) {
      await ready();
      const id = await boss.send(request.name, request.data, {
        ...(request.runAt ? { startAfter: request.runAt } : {}),
        // pg-boss fetches the highest priority first, then the oldest: the lowest rank first.
        ...(request.rank ? { priority: -request.rank } : {}),
        // Sent inside the caller's transaction: the job exists exactly when its rows commit.
        ...(opts.transaction
          ? { db: fromKysely(opts.transaction as unknown as KyselyTransactionLike) }
          : {}),
      });
      if (!id) throw new Error(`pg-boss did not accept a ${request.name} job`);
      return id;
    },
    async schedule(name, everyMinutes) {
      await ready();
      // pg-boss creates one job per cron tick cluster-wide, however many workers run.
      await boss.schedule(name, cronForPeriod(everyMinutes));
    },
    async startWorkers(handlers, { concurrency, onExhausted = {} }) {
      await ready();
      for (const [name, handle] of Object.entries(onExhausted)) {
        await boss.work(
          exhaustedQueueName(name),
          {
            localConcurrency: concurrency,
            pollingIntervalSeconds: Math.max(0.5, options.pollIntervalMs / 1000),
            includeMetadata: true,
          },
          async ([job]) => {
            if (!job) return;
            await handle({
              id: job.sourceId ?? job.id,
              name,
              data: (job.data ?? {}) as Record<string, unknown>,
              attempts: (job.sourceRetryCount ?? DEFAULT_MAX_ATTEMPTS - 1) + 1,
              error: outputMessage(job.sourceOutput),
            });
          },
        );
      }
      for (const [name, handler] of Object.entries(handlers)) {
        await boss.work(
          name,
          {
            localConcurrency: concurrency,
            pollingIntervalSeconds: Math.max(0.5, options.pollIntervalMs / 1000),
            // Polling stays as frequent with NOTIFY on: a retry's or a scheduled job's start time
            // comes due without a notification.
            notifyPollingIntervalSeconds: Math.max(0.5, options.pollIntervalMs / 1000),
          },
          async ([job]) => {
            if (!job) return;
            try {
              await handler({
                id: job.id,
                name: job.name,
                data: (job.data ?? {}) as Record<string, unknown>,
                attempt: job.retryCount + 1,
                signal: job.signal,
              });
            } finally {
              wakeWorkers(name);
            }
          },
        );
      }
    },
    async hasLiveJob(name, match) {
      await ready();
      for (const queue of [name, exhaustedQueueName(name)]) {
        const jobs = await boss.findJobs(queue, { data: match });
        if (jobs.some((job) => LIVE_STATES.has(job.state))) return true;
      }
      return false;
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
