import { APIConnectionError } from "../errors.ts";

/**
 * A caller's abort is reported as an `APIConnectionError` (the hierarchy has no separate abort
 * error), with the signal's reason as `cause`; it is never retried.
 */
export function abortedError(signal: AbortSignal): APIConnectionError {
  return new APIConnectionError({
    message: "Request aborted by the caller's signal.",
    cause: signal.reason,
  });
}

/** Waits for `promise` unless `signal` aborts first; the promise itself keeps running. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortedError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
