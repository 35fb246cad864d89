/**
 * Collects items and hands them to `flush` in batches: when `maxItems` are waiting or
 * `maxDelayMs` after the first one arrived, one flush at a time, in order. Producers await
 * `push` only when the writer falls far behind (`maxPending`), which bounds memory.
 */
export function createBatchWriter<T>(options: {
  flush: (items: T[]) => Promise<void>;
  maxItems?: number;
  maxDelayMs?: number;
  maxPending?: number;
}) {
  // A flush is one transaction whose cost hardly depends on its size (the run's row, the
  // counters, the commit): a worker runs several chunks of a run, each with its own writer, and
  // at 25 ms one of them committed a handful of results each time at L = 50 ms / C = 64. A
  // result is visible at most this late, which nothing watching a run (progress events poll
  // once a second) can tell.
  const maxItems = options.maxItems ?? 512;
  const maxDelayMs = options.maxDelayMs ?? 200;
  const maxPending = options.maxPending ?? maxItems * 8;
  let buffer: T[] = [];
  let writing: Promise<void> = Promise.resolve();
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let failure: unknown;

  function startFlush() {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (buffer.length === 0) return writing;
    const items = buffer;
    buffer = [];
    writing = writing.then(async () => {
      if (failure !== undefined) return;
      try {
        await options.flush(items);
      } catch (error) {
        failure = error;
      } finally {
        pending -= items.length;
      }
    });
    return writing;
  }

  return {
    /**
     * Adds an item; answers a promise to await only when the writer is far behind (the caller
     * waits for it), so the usual push costs no promise. After a failed flush, a promise that
     * rejects with its error.
     */
    push(item: T): Promise<void> | undefined {
      if (failure !== undefined) return Promise.reject(failure);
      buffer.push(item);
      pending += 1;
      if (buffer.length >= maxItems) startFlush();
      else timer ??= setTimeout(startFlush, maxDelayMs);
      return pending > maxPending ? writing : undefined;
    },
    /** Writes everything pushed so far; throws the first flush error, if any. */
    async drain(): Promise<void> {
      await startFlush();
      if (failure !== undefined) throw failure;
    },
  };
}
