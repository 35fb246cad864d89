/**
 * A worker process for crash tests: opens the database named by its environment, works one job
 * name, tells its parent on stdout (one JSON line per event) when a job starts, and then hangs in
 * the handler forever, so the parent can SIGKILL it mid-job.
 *
 *   QUEUE_CRASH_DRIVER      embedded | pg-boss
 *   QUEUE_CRASH_DIALECT     sqlite | postgres (embedded driver)
 *   QUEUE_CRASH_DB          SQLite file path or PostgreSQL URL
 *   QUEUE_CRASH_JOB_NAME    the job name to work
 *   QUEUE_CRASH_LEASE_SECONDS
 */
import { systemClock } from "@assay/server/src/platform/clock.ts";
import { openDatabase } from "@assay/server/src/platform/db/database.ts";
import { createEmbeddedQueue } from "@assay/server/src/platform/queue/embedded/embedded-queue.ts";
import type { JobQueue } from "@assay/server/src/platform/queue/job-queue.ts";
import { createPgBossQueue } from "@assay/server/src/platform/queue/pg-boss/pg-boss-queue.ts";
import { silentLogger } from "./queue-test-kit.ts";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const send = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const driver = env("QUEUE_CRASH_DRIVER");
const target = env("QUEUE_CRASH_DB");
const jobName = env("QUEUE_CRASH_JOB_NAME");
const leaseSeconds = Number(env("QUEUE_CRASH_LEASE_SECONDS"));

let queue: JobQueue;
if (driver === "pg-boss") {
  queue = createPgBossQueue({
    connectionString: target,
    logger: silentLogger,
    jobNames: [jobName],
    leaseSeconds,
    pollIntervalMs: 500,
  });
} else {
  const dialect = env("QUEUE_CRASH_DIALECT");
  const { db } =
    dialect === "postgres"
      ? openDatabase({ dialect, url: target, poolSize: 2 })
      : openDatabase({ dialect: "sqlite", path: target });
  queue = createEmbeddedQueue({
    db,
    dialect: dialect === "postgres" ? "postgres" : "sqlite",
    clock: systemClock,
    logger: silentLogger,
    leaseSeconds,
    pollIntervalMs: 50,
  });
}

await queue.startWorkers(
  {
    [jobName]: async (job) => {
      send({
        event: "started",
        id: job.id,
        attempt: job.attempt,
        data: job.data,
        pid: process.pid,
      });
      // Hang mid-job until killed; the queue's own timers (heartbeats) keep the process alive.
      await new Promise<never>(() => {});
    },
  },
  { concurrency: 1 },
);
send({ event: "ready", pid: process.pid });
