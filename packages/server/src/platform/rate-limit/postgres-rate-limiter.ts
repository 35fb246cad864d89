import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import {
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicy,
  retryAfter,
} from "./rate-limiter.ts";

interface Waiter {
  resolve(decision: RateLimitDecision): void;
  reject(error: unknown): void;
}

/**
 * One bucket row per key in PostgreSQL, so N API processes share one budget. A single upsert
 * refills the bucket and takes what it can, atomically; time is the database's clock, the one
 * clock all API processes agree on.
 *
 * The requests of one key that arrive while its statement runs wait for the next one, which takes
 * for all of them at once: `n` requests at the same instant, served in order, as `n` statements
 * in a row would serve them (the first `floor(tokens)` let in, the rest refused with the same
 * Retry-After). A busy key costs one statement per round trip instead of one per request, and a
 * request never waits behind more than one statement.
 */
export function createPostgresRateLimiter(policy: RateLimitPolicy, db: Database): RateLimiter {
  const refilled = sql<number>`least(${policy.burst}::double precision,
    rate_limit_buckets.tokens + (extract(epoch from clock_timestamp()) - rate_limit_buckets.updated_at) * ${policy.perSecond}::double precision)`;
  /** Per key with a statement running: the requests that arrived since, for the next one. */
  const waiting = new Map<string, Waiter[]>();

  async function takeMany(key: string, n: number) {
    const result = await sql<{ tokens: number; taken: number }>`
      insert into rate_limit_buckets (bucket_key, tokens, updated_at, taken)
      values (${key}, ${policy.burst}::double precision - least(${n}, floor(${policy.burst}::double precision)),
        extract(epoch from clock_timestamp()), least(${n}, floor(${policy.burst}::double precision)))
      on conflict (bucket_key) do update
        set tokens = ${refilled} - least(${n}, floor(${refilled})),
          taken = least(${n}, floor(${refilled})),
          updated_at = extract(epoch from clock_timestamp())
      returning tokens, taken`.execute(db);
    return result.rows[0] as { tokens: number; taken: number };
  }

  async function run(key: string, batch: Waiter[]) {
    try {
      const { tokens: left, taken } = await takeMany(key, batch.length);
      batch.forEach((waiter, i) => {
        const allowed = i < taken;
        // What the i-th of the batch left, had each taken alone.
        const tokens = left + (taken - Math.min(i + 1, taken));
        waiter.resolve({
          allowed,
          remaining: Math.floor(tokens),
          retryAfterSeconds: allowed ? 0 : retryAfter(tokens, policy.perSecond),
        });
      });
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
    const next = waiting.get(key) ?? [];
    if (next.length === 0) {
      waiting.delete(key);
      return;
    }
    waiting.set(key, []);
    void run(key, next);
  }

  return {
    take(key) {
      return new Promise((resolve, reject) => {
        const queue = waiting.get(key);
        if (queue) {
          queue.push({ resolve, reject });
          return;
        }
        waiting.set(key, []);
        void run(key, [{ resolve, reject }]);
      });
    },
  };
}
