/**
 * The shared half of the per-endpoint concurrency limit: it decides, across every worker
 * process, how many calls each process may have in flight to an endpoint. Implementations: an
 * in-memory one for a single process (engine/gateway/endpoint-limiter/in-memory-coordinator.ts) and a
 * database-backed one for several processes (database-coordinator.ts, beside this port, since
 * platform/ imports nothing from engine/). The engine only sees this interface.
 */

/** What one process saw of one endpoint since its last report. */
export interface EndpointReport {
  /** endpointIdentity(): a hash of URL + API key. */
  endpoint: string;
  /** The ceiling: the largest concurrency callers asked for recently. */
  maxLimit: number;
  /** inFlight + waiting: what this process would run now. */
  demand: number;
  inFlight: number;
  /** Any 429 since the last report. */
  rateLimited: boolean;
}

export interface EndpointGrant {
  /** Slots this process may use now. */
  cap: number;
  /** The endpoint's current total limit across processes (AIMD state), for diagnostics. */
  limit: number;
}

export interface ConcurrencyCoordinator {
  /** Reports this process's endpoints; answers a grant for each reported endpoint. */
  sync(reports: EndpointReport[]): Promise<Map<string, EndpointGrant>>;
  /** This process holds no more slots for these endpoints (idle). */
  release(endpoints: string[]): Promise<void>;
}
