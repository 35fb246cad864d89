import type { Logger } from "pino";
import type { RateLimiter } from "./rate-limiter.ts";

/**
 * A rate limiter whose store is down must not take the API down with it: let the request through
 * and say so in the log (at most once a minute, or the log becomes the outage).
 */
export function failOpen(limiter: RateLimiter, logger: Logger): RateLimiter {
  let lastWarning = 0;
  return {
    async take(key) {
      try {
        return await limiter.take(key);
      } catch (err) {
        if (Date.now() - lastWarning > 60_000) {
          lastWarning = Date.now();
          logger.warn({ err }, "rate limiter store unavailable; allowing requests (fail open)");
        }
        return { allowed: true, remaining: 0, retryAfterSeconds: 0 };
      }
    },
  };
}
