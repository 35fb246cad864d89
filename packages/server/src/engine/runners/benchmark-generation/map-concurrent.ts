/**
 * `fn` over every item with at most `concurrency` calls in flight; results in item order. The
 * first failure aborts the signal given to the calls still running, starts no more, and is
 * rethrown once they have all settled (so none is left rejecting unobserved). An abort of
 * `signal` stops it the same way.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError("concurrency must be a positive integer");
  signal?.throwIfAborted();
  const stop = new AbortController();
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;

  async function worker(): Promise<void> {
    while (next < items.length && !combined.aborted) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index, combined);
      } catch (error) {
        if (!failure) {
          failure = { error };
          stop.abort(error);
        }
        return;
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw failure.error;
  signal?.throwIfAborted();
  return results;
}
