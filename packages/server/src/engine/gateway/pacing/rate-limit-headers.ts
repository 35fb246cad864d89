import type { IncomingHttpHeaders } from "node:http";
import { parseDuration } from "../retry-policy.ts";

/** One bucket as an answer's headers describe it. */
export interface BucketReading {
  limit: number;
  remaining: number;
  /** ms until the bucket is full again; undefined when the header is missing or unreadable. */
  resetMs: number | undefined;
}

/** What one answer said about the endpoint's quota (OpenAI's `x-ratelimit-*` headers). */
export interface RateLimitReading {
  requests: BucketReading | undefined;
  tokens: BucketReading | undefined;
}

/**
 * The `x-ratelimit-{limit,remaining,reset}-{requests,tokens}` headers OpenAI (and the providers
 * and proxies copying it) send on every answer, or undefined when there are none: the common case
 * of a local server costs two header lookups.
 */
export function readRateLimitHeaders(headers: IncomingHttpHeaders): RateLimitReading | undefined {
  const requests = bucket(headers, "requests");
  const tokens = bucket(headers, "tokens");
  if (requests === undefined && tokens === undefined) return undefined;
  return { requests, tokens };
}

function bucket(
  headers: IncomingHttpHeaders,
  kind: "requests" | "tokens",
): BucketReading | undefined {
  const limitText = headers[`x-ratelimit-limit-${kind}`];
  if (limitText === undefined) return undefined;
  const limit = count(limitText);
  const remaining = count(headers[`x-ratelimit-remaining-${kind}`]);
  if (limit === undefined || remaining === undefined || limit <= 0) return undefined;
  const reset = headers[`x-ratelimit-reset-${kind}`];
  return {
    limit,
    remaining: Math.min(remaining, limit),
    resetMs: parseDuration(Array.isArray(reset) ? reset[0] : reset),
  };
}

function count(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}
