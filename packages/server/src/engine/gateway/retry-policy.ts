import type { IncomingHttpHeaders } from "node:http";

/**
 * Full jitter (AWS Architecture Blog, "Exponential Backoff and Jitter"): a uniform draw in
 * [0, min(maxDelay, base·2^(n-1))) after the n-th failed attempt. Spreads a burst of retries
 * from many concurrent samples instead of moving the whole herd together.
 */
export function backoffDelayMs(
  failedAttempts: number,
  options: { baseDelayMs: number; maxDelayMs: number },
  random: () => number,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failedAttempts - 1));
  return Math.floor(random() * ceiling);
}

/**
 * How long the upstream asked us to wait, in ms, or undefined when it did not say. Reads, in
 * order: `retry-after-ms` (OpenAI), `retry-after` (seconds or an HTTP date, RFC 9110 §10.2.3),
 * and for a 429 without either, the longest `x-ratelimit-reset-requests`/`-tokens` duration
 * ("1s", "6m0s", "120ms"; OpenAI and compatible proxies).
 */
export function retryAfterMs(
  headers: IncomingHttpHeaders,
  status: number,
  nowMs: number,
): number | undefined {
  const ms = parseNumber(first(headers["retry-after-ms"]));
  if (ms !== undefined) return ms;

  const retryAfter = first(headers["retry-after"])?.trim();
  if (retryAfter !== undefined && retryAfter !== "") {
    const seconds = parseNumber(retryAfter);
    if (seconds !== undefined) return Math.ceil(seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }

  if (status !== 429) return undefined;
  let longest: number | undefined;
  for (const name of ["x-ratelimit-reset-requests", "x-ratelimit-reset-tokens"]) {
    const reset = parseDuration(first(headers[name]));
    if (reset !== undefined && (longest === undefined || reset > longest)) longest = reset;
  }
  return longest;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  return Number(text);
}

const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go-style durations as OpenAI sends them: "1s", "6m0s", "1h2m3.5s", "120ms"; or bare seconds. */
export function parseDuration(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = text.trim();
  const seconds = parseNumber(value);
  if (seconds !== undefined) return Math.ceil(seconds * 1000);
  if (!/^((\d+(\.\d+)?)(ms|s|m|h))+$/.test(value)) return undefined;
  let total = 0;
  for (const match of value.matchAll(DURATION_PART)) {
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? 0);
  }
  return Math.ceil(total);
}
