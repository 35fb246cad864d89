/**
 * The real wait between retries (tests inject a recorder through `ClientInternals`). Resolves
 * after `ms`, or early when `signal` aborts: the caller checks `signal.aborted` next.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
