/** Entries beyond this are dropped (expired ones first): a flood of keys cannot grow memory. */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  lookup: Promise<T | undefined>;
  expiresAt: number;
}

/**
 * Values found in the database a moment ago, for at most `ttlMs`: an entry counts from the moment
 * its lookup was sent, so what it answers reflects the database as it was at most `ttlMs` ago, on
 * every process, without any message between them. Concurrent callers share one lookup. Only
 * found values are kept: a miss is looked up again every time, so something created a moment ago
 * is seen at once, and misses (a key guesser's) take no room. Time is the monotonic clock, not
 * the service's injectable one: the bound is a promise in real time.
 */
export function createRecentCache<T>(ttlMs: number) {
  const entries = new Map<string, Entry<T>>();

  function prune(now: number) {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES / 2) break;
      entries.delete(key);
    }
  }

  return {
    get(key: string, lookUp: (key: string) => Promise<T | undefined>): Promise<T | undefined> {
      const now = performance.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.lookup;
      return this.refresh(key, lookUp, now);
    },

    /** Looks up again now, whatever is cached (a cached value answered the wrong question). */
    refresh(
      key: string,
      lookUp: (key: string) => Promise<T | undefined>,
      now = performance.now(),
    ): Promise<T | undefined> {
      const lookup = lookUp(key);
      const entry = { lookup, expiresAt: now + ttlMs };
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) prune(now);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      lookup.then((value) => {
        if (value === undefined) forget();
      }, forget);
      return lookup;
    },
  };
}

export type RecentCache<T> = ReturnType<typeof createRecentCache<T>>;
