/** The outcome of asking for one request's worth of budget. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** When refused: whole seconds until a token is available (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimitPolicy {
  /** Tokens added per second (the sustained rate). */
  perSecond: number;
  /** Bucket size: how many requests may arrive at once after a quiet period. */
  burst: number;
}

/**
 * The rate limiter port: a token bucket per key (API key id). One folder-less file per
 * implementation: `memory-rate-limiter.ts` (one process, the SQLite default) and
 * `postgres-rate-limiter.ts` (shared by every API process on the same database).
 */
export interface RateLimiter {
  take(key: string): Promise<RateLimitDecision>;
}

export function retryAfter(tokens: number, perSecond: number): number {
  return Math.max(1, Math.ceil((1 - tokens) / perSecond));
}
