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
 * The loop under every `waitForCompletion`: reads the resource at once, then every `intervalMs`,
 * until `finished` says so, and answers that last state. After `timeoutMs` (none when undefined)
 * it raises `WaitTimeoutError` with the last state; an aborted `signal` raises
 * `APIConnectionError`. Neither stops the work on the server. Durations are checked by the caller.
 */
export async function pollUntilFinished<T extends { status: string }>(input: {
  /** Names the resource in the timeout message, e.g. "Evaluation 1f…". */
  label: string;
  read: () => Promise<T>;
  finished: (current: T) => boolean;
  intervalMs: number;
  timeoutMs: number | undefined;
  onProgress?: ((current: T) => void) | undefined;
  signal?: AbortSignal | undefined;
}): Promise<T> {
  const { intervalMs, timeoutMs, signal } = input;
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  for (;;) {
    const current = await input.read();
    input.onProgress?.(current);
    if (input.finished(current)) return current;
    const left = deadline === undefined ? intervalMs : deadline - Date.now();
    if (left <= 0) {
      throw new WaitTimeoutError(
        `${input.label} was still ${current.status} after ${timeoutMs} ms; it goes on on the server.`,
        { timeoutMs: timeoutMs as number, last: current },
      );
    }
    await sleep(Math.min(intervalMs, left), signal);
    if (signal?.aborted) throw abortedError(signal);
  }
}
