import { type Clock, systemClock } from "../../../platform/clock.ts";
import type {
  ConcurrencyCoordinator,
  EndpointGrant,
  EndpointReport,
} from "../../../platform/concurrency-coordinator/coordinator.ts";

export interface InMemoryCoordinatorOptions {
  clock?: Clock;
  /** Multiplicative decrease on a 429. Default 0.5. */
  cutFactor?: number;
  /** At most one cut per this window: one burst of 429s is one signal. Default 2 s. */
  cooldownMs?: number;
  /** Additive increase once per this much time without a 429. Default 1 s. */
  growEveryMs?: number;
  /** The increase per step. Default max(1, ceil(maxLimit / 20)), +5 % of the ceiling. */
  growStep?: (maxLimit: number) => number;
}

interface EndpointState {
  limit: number;
  maxLimit: number;
  lastCutAt: number;
  /** The last 429 or growth step: growth is counted from here. */
  anchor: number;
}

export interface InMemoryCoordinator extends ConcurrencyCoordinator {
  /** The endpoint's current limit, for tests and diagnostics. */
  limitOf(endpoint: string): number | undefined;
}

/**
 * AIMD for one process (SQLite deployments, tests): start at the ceiling, halve on a rate-limit
 * episode, grow back a step per quiet interval. With one process there is nobody to share with,
 * so the grant's cap is the whole limit.
 */
export function createInMemoryCoordinator(
  options: InMemoryCoordinatorOptions = {},
): InMemoryCoordinator {
  const clock = options.clock ?? systemClock;
  const cutFactor = options.cutFactor ?? 0.5;
  const cooldownMs = options.cooldownMs ?? 2000;
  const growEveryMs = options.growEveryMs ?? 1000;
  const growStep =
    options.growStep ?? ((maxLimit: number) => Math.max(1, Math.ceil(maxLimit / 20)));
  const states = new Map<string, EndpointState>();

  function update(report: EndpointReport, now: number): EndpointState {
    const maxLimit = Math.max(1, Math.floor(report.maxLimit));
    let state = states.get(report.endpoint);
    if (state === undefined) {
      state = { limit: maxLimit, maxLimit, lastCutAt: Number.NEGATIVE_INFINITY, anchor: now };
      states.set(report.endpoint, state);
    } else if (maxLimit !== state.maxLimit) {
      // A fully grown limit follows its ceiling up; a cut one keeps climbing from where it is.
      state.limit = state.limit >= state.maxLimit ? maxLimit : Math.min(state.limit, maxLimit);
      state.maxLimit = maxLimit;
    }

    if (report.rateLimited) {
      state.anchor = now;
      if (now - state.lastCutAt >= cooldownMs) {
        state.limit = Math.max(1, Math.floor(state.limit * cutFactor));
        state.lastCutAt = now;
      }
    } else if (state.limit < state.maxLimit) {
      // Counted in elapsed intervals, so an endpoint that went quiet for a minute comes back
      // grown as if it had been reported all along.
      const steps = Math.floor((now - state.anchor) / growEveryMs);
      if (steps > 0) {
        state.limit = Math.min(state.maxLimit, state.limit + steps * growStep(state.maxLimit));
        state.anchor += steps * growEveryMs;
      }
    } else {
      state.anchor = now;
    }
    return state;
  }

  return {
    async sync(reports) {
      const now = clock.now().getTime();
      const grants = new Map<string, EndpointGrant>();
      for (const report of reports) {
        const { limit } = update(report, now);
        grants.set(report.endpoint, { cap: limit, limit });
      }
      return grants;
    },
    async release(endpoints) {
      // A cut limit is remembered (the provider's limit has not moved because we went idle);
      // one back at its ceiling has nothing worth keeping.
      for (const endpoint of endpoints) {
        const state = states.get(endpoint);
        if (state && state.limit >= state.maxLimit) states.delete(endpoint);
      }
    },
    limitOf(endpoint) {
      return states.get(endpoint)?.limit;
    },
  };
}
