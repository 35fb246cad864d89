import type { Clock } from "../clock.ts";
import { type RateLimiter, type RateLimitPolicy, retryAfter } from "./rate-limiter.ts";

/** Buckets beyond this are pruned (full ones first): a flood of keys cannot grow memory forever. */
const MAX_BUCKETS = 50_000;

export function createMemoryRateLimiter(policy: RateLimitPolicy, clock: Clock): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();

  function refill(bucket: { tokens: number; at: number }, now: number) {
    return Math.min(policy.burst, bucket.tokens + ((now - bucket.at) / 1000) * policy.perSecond);
  }

  function prune(now: number) {
    for (const [key, bucket] of buckets) {
      if (refill(bucket, now) >= policy.burst) buckets.delete(key);
    }
    // Still too many: drop the oldest entries (Map keeps insertion order).
    for (const key of buckets.keys()) {
      if (buckets.size <= MAX_BUCKETS / 2) break;
      buckets.delete(key);
    }
  }

  return {
    async take(key) {
      const now = clock.now().getTime();
      const bucket = buckets.get(key) ?? { tokens: policy.burst, at: now };
      const tokens = refill(bucket, now);
      const allowed = tokens >= 1;
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
      if (buckets.size > MAX_BUCKETS) prune(now);
      return {
        allowed,
        remaining: Math.floor(allowed ? tokens - 1 : tokens),
        retryAfterSeconds: allowed ? 0 : retryAfter(tokens, policy.perSecond),
      };
    },
  };
}
