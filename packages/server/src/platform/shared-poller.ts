/**
 * Polls one value per key on behalf of any number of subscribers: while a key has subscribers,
 * exactly one read runs per interval (the next is scheduled when the previous one settled, so a
 * slow database never piles reads up), and every subscriber gets each value. The first subscriber
 * starts the polling with an immediate read; a later one gets the latest value at once; the last
 * one to leave stops it. This is how many viewers of a running evaluation cost one query a second.
 */
export interface SharedPoller<T> {
  /** Calls `listener` with every value read for `key`; returns the unsubscribe function. */
  subscribe(key: string, listener: (value: T) => void): () => void;
  /** Keys being polled, their subscribers, and reads made since creation. */
  stats(): { pollers: number; subscribers: number; reads: number };
}

export interface SharedPollerOptions<T> {
  read(key: string): Promise<T>;
  intervalMs: number;
  /** A failed read is reported here and the polling goes on. */
  onError?(error: unknown, key: string): void;
  timers?: {
    setTimeout(callback: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
}

interface Poll<T> {
  listeners: Set<(value: T) => void>;
  latest?: { value: T };
  timer?: unknown;
  stopped: boolean;
}

export function createSharedPoller<T>(options: SharedPollerOptions<T>): SharedPoller<T> {
  const timers = options.timers ?? {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
  };
  const polls = new Map<string, Poll<T>>();
  let reads = 0;

  async function tick(key: string, poll: Poll<T>) {
    poll.timer = undefined;
    reads += 1;
    try {
      const value = await options.read(key);
      if (poll.stopped) return;
      poll.latest = { value };
      for (const listener of [...poll.listeners]) listener(value);
    } catch (error) {
      options.onError?.(error, key);
    }
    if (!poll.stopped)
      poll.timer = timers.setTimeout(() => void tick(key, poll), options.intervalMs);
  }

  return {
    subscribe(key, listener) {
      let poll = polls.get(key);
      if (!poll) {
        poll = { listeners: new Set(), stopped: false };
        polls.set(key, poll);
        poll.listeners.add(listener);
        void tick(key, poll);
      } else {
        poll.listeners.add(listener);
        const latest = poll.latest;
        if (latest) queueMicrotask(() => poll?.listeners.has(listener) && listener(latest.value));
      }
      const joined = poll;
      return () => {
        if (!joined.listeners.delete(listener) || joined.listeners.size > 0) return;
        joined.stopped = true;
        if (joined.timer !== undefined) timers.clearTimeout(joined.timer);
        if (polls.get(key) === joined) polls.delete(key);
      };
    },
    stats: () => ({
      pollers: polls.size,
      subscribers: [...polls.values()].reduce((n, p) => n + p.listeners.size, 0),
      reads,
    }),
  };
}
