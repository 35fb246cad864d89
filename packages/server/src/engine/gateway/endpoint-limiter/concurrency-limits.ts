import type {
  ConcurrencyCoordinator,
  EndpointReport,
} from "../../../platform/concurrency-coordinator/coordinator.ts";
import { EndpointLimiter } from "./endpoint-limiter.ts";

export interface ConcurrencyLimitsOptions {
  coordinator: ConcurrencyCoordinator;
  /** How often caps are re-synced with the coordinator. Default 200 ms. */
  syncIntervalMs?: number;
  /** An endpoint with no demand this long gives its slots back. Default 10 s. */
  idleReleaseMs?: number;
  /** How long a larger requested maximum outlives its last caller. Default 60 s. */
  maxLimitMemoryMs?: number;
  /** A failed sync or release (database down): caps stay as they are. */
  onError?: (error: unknown) => void;
  now?: () => number;
}

export interface EndpointLimitSnapshot {
  endpoint: string;
  maxLimit: number;
  cap: number;
  limit: number | undefined;
  inFlight: number;
  waiting: number;
}

export interface ConcurrencyLimits {
  /**
   * The limiter of one endpoint identity. `maxLimit` is the caller's requested concurrency;
   * several callers of one endpoint share the largest asked within `maxLimitMemoryMs`, since
   * each caller bounds its own in-flight calls anyway and the endpoint's limit is one number.
   */
  limiterFor(identity: string, maxLimit: number): EndpointLimiter;
  /** One sync round now (the timer runs them too). */
  sync(): Promise<void>;
  snapshot(): EndpointLimitSnapshot[];
  /** Stops the timer, rejects waiting calls with `cancelled`, releases held endpoints. */
  close(): Promise<void>;
}

interface Entry {
  limiter: EndpointLimiter;
  maxLimit: number;
  maxSeenAt: number;
  lastActiveAt: number;
  /** The coordinator may count slots for us: release when idle. */
  held: boolean;
  limit: number | undefined;
}

/**
 * Keeps one EndpointLimiter per endpoint and their caps in step with the coordinator. Syncs on a
 * timer, and at once when an endpoint is first used (its cap is 0 until the coordinator answers)
 * or sees its first 429 of a period. Entries are never dropped (one per endpoint ever called);
 * an idle one is released to the coordinator and its cap set to 0 until demand returns.
 */
export function createConcurrencyLimits(options: ConcurrencyLimitsOptions): ConcurrencyLimits {
  const { coordinator, onError } = options;
  const syncIntervalMs = options.syncIntervalMs ?? 200;
  const idleReleaseMs = options.idleReleaseMs ?? 10_000;
  const maxLimitMemoryMs = options.maxLimitMemoryMs ?? 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;

  const requestSync = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await syncOnce();
        } while (again && !closed);
      } catch (error) {
        onError?.(error);
      } finally {
        running = undefined;
      }
    })();
  };

  const timer = setInterval(requestSync, syncIntervalMs);
  timer.unref();

  async function syncOnce(): Promise<void> {
    const at = now();
    const reports: EndpointReport[] = [];
    const idle: Entry[] = [];
    const idleIds: string[] = [];
    for (const [endpoint, entry] of entries) {
      const { limiter } = entry;
      const demand = limiter.demand;
      if (demand > 0) entry.lastActiveAt = at;
      if (demand === 0 && entry.held && at - entry.lastActiveAt >= idleReleaseMs) {
        idle.push(entry);
        idleIds.push(endpoint);
        continue;
      }
      if (demand > 0 || limiter.cap > 0) {
        const { rateLimited } = limiter.takePeriod();
        reports.push({
          endpoint,
          maxLimit: entry.maxLimit,
          demand,
          inFlight: limiter.inFlight,
          rateLimited,
        });
      }
    }

    if (idle.length > 0) {
      // Cap first: a call arriving now waits (and asks for a sync) instead of using a slot the
      // coordinator is being told we no longer hold.
      for (const entry of idle) {
        entry.limiter.setCap(0);
        entry.held = false;
      }
      try {
        await coordinator.release(idleIds);
      } catch (error) {
        onError?.(error);
      }
    }

    if (reports.length === 0) return;
    let grants: Awaited<ReturnType<ConcurrencyCoordinator["sync"]>>;
    try {
      grants = await coordinator.sync(reports);
    } catch (error) {
      for (const report of reports) {
        if (report.rateLimited) entries.get(report.endpoint)?.limiter.restoreRateLimited();
      }
      onError?.(error);
      return;
    }
    for (const report of reports) {
      const entry = entries.get(report.endpoint);
      const grant = grants.get(report.endpoint);
      if (entry === undefined || grant === undefined) continue;
      entry.held = true;
      entry.limit = grant.limit;
      entry.limiter.setCap(grant.cap);
    }
  }

  function limiterFor(identity: string, maxLimit: number): EndpointLimiter {
    const at = now();
    let entry = entries.get(identity);
    if (entry === undefined) {
      entry = {
        limiter: new EndpointLimiter({ onStarved: requestSync, onRateLimited: requestSync }),
        maxLimit,
        maxSeenAt: at,
        lastActiveAt: at,
        held: false,
        limit: undefined,
      };
      entries.set(identity, entry);
    } else if (maxLimit >= entry.maxLimit || at - entry.maxSeenAt > maxLimitMemoryMs) {
      entry.maxLimit = maxLimit;
      entry.maxSeenAt = at;
    }
    return entry.limiter;
  }

  return {
    limiterFor,
    async sync() {
      requestSync();
      await running;
    },
    snapshot() {
      return [...entries].map(([endpoint, entry]) => ({
        endpoint,
        maxLimit: entry.maxLimit,
        cap: entry.limiter.cap,
        limit: entry.limit,
        inFlight: entry.limiter.inFlight,
        waiting: entry.limiter.waiting,
      }));
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      const held: string[] = [];
      for (const [endpoint, entry] of entries) {
        entry.limiter.rejectWaiting();
        if (entry.held) held.push(endpoint);
        entry.held = false;
      }
      if (held.length > 0) {
        try {
          await coordinator.release(held);
        } catch (error) {
          onError?.(error);
        }
      }
    },
  };
}
