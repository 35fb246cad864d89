import type { ResponseHeaders } from "../errors.ts";

/**
 * When and how long to wait before retrying. Every method is retried, POST included: each POST
 * carries an Idempotency-Key, the same on every retry (transport.ts), and the service answers a
 * repeat with the first answer, so a create whose answer was lost is not made twice.
 */

/** Statuses that mean "try again later"; others will not change on a retry. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** Up to this share of the delay is taken off at random, so clients that failed together spread out. */
const JITTER = 0.25;
/** A longer `Retry-After` is treated as unreasonable and replaced by backoff. */
const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(statusCode: number): boolean {
  return RETRYABLE_STATUSES.has(statusCode);
}

/**
 * The delay before retry number `retry` (0 for the first retry): the server's numeric
 * `Retry-After` when it has one within reason, else 0.5 s doubling up to 8 s, minus jitter.
 */
export function retryDelayMs(
  retry: number,
  headers: ResponseHeaders | undefined,
  random: () => number,
): number {
  const retryAfter = parseRetryAfterMs(headers?.["retry-after"]);
  if (retryAfter !== undefined && retryAfter <= MAX_RETRY_AFTER_MS) return retryAfter;
  const backoff = Math.min(INITIAL_DELAY_MS * 2 ** retry, MAX_DELAY_MS);
  return backoff * (1 - random() * JITTER);
}

/**
 * Seconds, possibly fractional (`1.5`). Our server always sends a number; an HTTP-date or any
 * other text is ignored rather than guessed at.
 */
export function parseRetryAfterMs(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value) * 1000;
}
