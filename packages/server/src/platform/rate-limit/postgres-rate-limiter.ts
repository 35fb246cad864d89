import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { type RateLimiter, type RateLimitPolicy, retryAfter } from "./rate-limiter.ts";

/**
 * One bucket row per key in PostgreSQL, so N API processes share one budget. A single upsert
 * refills and takes a token atomically; its DO UPDATE only fires when a whole token is there, so
 * a returned row means "allowed" and no row means "refused". Time is the database's clock, the
 * one clock all API processes agree on.
 */
export function createPostgresRateLimiter(policy: RateLimitPolicy, db: Database): RateLimiter {
  const refilled = sql<number>`least(${policy.burst}::double precision,
    rate_limit_buckets.tokens + (extract(epoch from clock_timestamp()) - rate_limit_buckets.updated_at) * ${policy.perSecond}::double precision)`;

  return {
    async take(key) {
      const taken = await sql<{ tokens: number }>`
        insert into rate_limit_buckets (bucket_key, tokens, updated_at)
        values (${key}, ${policy.burst - 1}::double precision, extract(epoch from clock_timestamp()))
        on conflict (bucket_key) do update
          set tokens = ${refilled} - 1, updated_at = extract(epoch from clock_timestamp())
          where ${refilled} >= 1
        returning tokens`.execute(db);
      const row = taken.rows[0];
      if (row) return { allowed: true, remaining: Math.floor(row.tokens), retryAfterSeconds: 0 };

      const current = await sql<{ tokens: number }>`
        select ${refilled} as tokens from rate_limit_buckets where bucket_key = ${key}`.execute(db);
      const tokens = current.rows[0]?.tokens ?? 0;
      return {
        allowed: false,
        remaining: 0,
        retryAfterSeconds: retryAfter(tokens, policy.perSecond),
      };
    },
  };
}
