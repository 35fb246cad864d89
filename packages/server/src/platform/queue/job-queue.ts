import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";

/** A job to run in the background. `data` must be JSON-serializable and carry its tenant ids. */
export interface JobRequest {
  name: string;
  data: Record<string, unknown>;
  /** Not before this moment. */
  runAt?: Date;
}

export interface EnqueueOptions {
  /**
   * A transaction to enqueue in, so the job exists exactly when the rows it works on commit
   * (create an evaluation and its job together, or neither).
   */
  transaction?: Kysely<DatabaseSchema>;
}

export interface Job {
  id: string;
  name: string;
  data: Record<string, unknown>;
  /** 1 on the first run; more when retried after a failure or a crashed worker. */
  attempt: number;
  /** Aborted when the job must stop: the worker is shutting down or its lease was lost. */
  signal: AbortSignal;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface JobHandlers {
  [name: string]: JobHandler;
}

/**
 * The job queue port. Delivery is at least once: a job whose worker died is run again, so
 * handlers are idempotent (they write results keyed by their natural ids). One folder per
 * driver: `embedded/` (a jobs table, in-process workers; the SQLite default) and `pg-boss/`
 * (PostgreSQL; any number of worker processes share the work).
 */
export interface JobQueue {
  readonly driver: "embedded" | "pg-boss";
  /** Stores a job; it runs once a worker is free. Returns the job's id. */
  enqueue(request: JobRequest, options?: EnqueueOptions): Promise<string>;
  /**
   * Runs a job (with empty data) every `everyMinutes` while workers run, however many worker
   * processes there are: never two of the same schedule waiting at once. The period divides an
   * hour or a day (so it maps onto cron exactly). Call before startWorkers.
   */
  schedule(name: string, everyMinutes: number): Promise<void>;
  /** Starts working the given job names with up to `concurrency` jobs at once. */
  startWorkers(handlers: JobHandlers, options: { concurrency: number }): Promise<void>;
  /** Stops taking jobs, lets running ones finish (up to a grace period), then releases them. */
  stop(): Promise<void>;
}

/** A cron expression running exactly every `everyMinutes`; throws for periods cron cannot express. */
export function cronForPeriod(everyMinutes: number): string {
  if (Number.isInteger(everyMinutes) && everyMinutes > 0) {
    if (everyMinutes < 60 && 60 % everyMinutes === 0) return `*/${everyMinutes} * * * *`;
    const hours = everyMinutes / 60;
    if (Number.isInteger(hours) && 24 % hours === 0)
      return hours === 24 ? "0 0 * * *" : `0 */${hours} * * *`;
  }
  throw new Error(`a schedule's period must divide an hour or a day, got ${everyMinutes} minutes`);
}

/** Retries after a handler error, before a job is marked failed. */
export const DEFAULT_MAX_ATTEMPTS = 5;
