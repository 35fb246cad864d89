import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";

/** A job to run in the background. `data` must be JSON-serializable and carry its tenant ids. */
export interface JobRequest {
  name: string;
  data: Record<string, unknown>;
  /** Not before this moment. */
  runAt?: Date;
  /**
   * Fair-scheduling rank: among due jobs of a name, workers take the lowest rank first, in
   * enqueue order within a rank (default 0). The evaluation service ranks each chunk by its index
   * in its run, so every queued run's first chunk goes before any run's second (README.md).
   */
  rank?: number;
  /**
   * Whom the job works for (an organization). The embedded driver hands a free worker to the key
   * with the fewest running jobs before it looks at ranks; pg-boss orders by rank alone (README.md).
   */
  fairnessKey?: string;
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

/** A job that will not run again: its handler kept failing, or its worker kept dying. */
export interface ExhaustedJob {
  /** The id the job had in its own queue. */
  id: string;
  name: string;
  data: Record<string, unknown>;
  /** How many times it was tried. */
  attempts: number;
  /** What ended its last attempt. */
  error: string;
}

/**
 * Ends the work of a job that ran out of attempts, so nothing waits on it forever. Run as a job
 * of its own (at least once, retried when it throws): idempotent.
 */
export type ExhaustedHandler = (job: ExhaustedJob) => Promise<void>;

export interface WorkerOptions {
  concurrency: number;
  /** Per job name: what to do when a job of that name runs out of attempts. */
  onExhausted?: { [name: string]: ExhaustedHandler };
}

/**
 * The queue that holds a job of `name` that ran out of attempts until its exhausted handler ran
 * (a dead-letter queue): a job there is still work in flight for its run.
 */
export const exhaustedQueueName = (name: string): string => `${name}.exhausted`;

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
  /**
   * Starts working the given job names with up to `concurrency` jobs at once, and the exhausted
   * handlers of the names that have one.
   */
  startWorkers(handlers: JobHandlers, options: WorkerOptions): Promise<void>;
  /**
   * Whether a job of this name whose data contains `match` (JSON containment: every key of
   * `match` with a contained value; an array holds each element of the match's array) may still
   * run: waiting, running, due for a retry, or waiting for its exhausted handler.
   */
  hasLiveJob(name: string, match: Record<string, unknown>): Promise<boolean>;
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

/** Why the last attempt of a job ended when its worker died mid-job, in every driver. */
export const WORKER_STOPPED = "its worker stopped before finishing (its lease expired)";

/** JSON containment, as PostgreSQL's `@>` on jsonb: whether `value` holds everything `match` does. */
export function containsJson(value: unknown, match: unknown): boolean {
  if (Array.isArray(match))
    return Array.isArray(value) && match.every((m) => value.some((v) => containsJson(v, m)));
  if (match !== null && typeof match === "object") {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    return Object.entries(match).every(([k, m]) => k in record && containsJson(record[k], m));
  }
  return value === match;
}

/** Attempts of a job (its first run and its retries) before it counts as exhausted. */
export const DEFAULT_MAX_ATTEMPTS = 5;
