import { ServiceError, WaitTimeoutError } from "../errors.ts";
import { abortedError } from "./abort.ts";
import { sleep } from "./sleep.ts";

/**
 * Checks a waiting helper's `intervalMs` / `timeoutMs` before the first request: a number of
 * milliseconds ≥ 0 (Infinity only where it means "no limit").
 */
export function checkWaitDuration(name: string, ms: number, infiniteAllowed = false): void {
  const valid = ms >= 0 && (Number.isFinite(ms) || (infiniteAllowed && ms === Infinity));
  if (!valid) throw new ServiceError(`${name} must be a number of milliseconds ≥ 0, got ${ms}`);
}

/**
 * How `waitForCompletion()` paces its polls when no `intervalMs` is given: 0.5 s first, then each
 * wait at most 1.5× the last, at most a fifth of the time waited so far and at most 10 s. A run is
 * so reported within about a fifth of its duration (within a second of a 5 s run's end), and a
 * long wait costs one request every 10 s. The ×1.5 bounds the growth after a slow poll.
 */
export const DEFAULT_POLL_SCHEDULE = {
  firstMs: 500,
  growth: 1.5,
  /** The wait as a share of the time waited so far. */
  shareOfElapsed: 0.2,
  maxMs: 10_000,
} as const;

/** The wait before the next poll on the default schedule. */
export function adaptivePollDelayMs(previousMs: number | undefined, elapsedMs: number): number {
  const { firstMs, growth, shareOfElapsed, maxMs } = DEFAULT_POLL_SCHEDULE;
  if (previousMs === undefined) return firstMs;
  const proportional = Math.max(firstMs, elapsedMs * shareOfElapsed);
  return Math.min(maxMs, previousMs * growth, proportional);
}

/** The clock of the loop; tests give a fake one. */
export interface PollClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: PollClock = { now: () => Date.now(), sleep };

/**
 * The loop under every `waitForCompletion`: reads the resource at once, then after each wait
 * (`intervalMs` when given, else the default schedule), until `finished` says so, and answers that
 * last state. After `timeoutMs` (none when undefined) it raises `WaitTimeoutError` with the last
 * state; an aborted `signal` raises `APIConnectionError`. Neither stops the work on the server.
 * Durations are checked by the caller.
 */
export async function pollUntilFinished<T extends { status: string }>(
  input: {
    /** Names the resource in the timeout message, e.g. "Evaluation 1f…". */
    label: string;
    read: () => Promise<T>;
    finished: (current: T) => boolean;
    /** A fixed wait between polls; undefined: the default schedule. */
    intervalMs: number | undefined;
    timeoutMs: number | undefined;
    onProgress?: ((current: T) => void) | undefined;
    signal?: AbortSignal | undefined;
  },
  clock: PollClock = realClock,
): Promise<T> {
  const { intervalMs, timeoutMs, signal } = input;
  const started = clock.now();
  const deadline = timeoutMs === undefined ? undefined : started + timeoutMs;
  let waitMs: number | undefined;
  for (;;) {
    const current = await input.read();
    input.onProgress?.(current);
    if (input.finished(current)) return current;
    const now = clock.now();
    waitMs = intervalMs ?? adaptivePollDelayMs(waitMs, now - started);
    const left = deadline === undefined ? Infinity : deadline - now;
    if (left <= 0) {
      throw new WaitTimeoutError(
        `${input.label} was still ${current.status} after ${timeoutMs} ms; it goes on on the server.`,
        { timeoutMs: timeoutMs as number, last: current },
      );
    }
    await clock.sleep(Math.min(waitMs, left), signal);
    if (signal?.aborted) throw abortedError(signal);
  }
}
