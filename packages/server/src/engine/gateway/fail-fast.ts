import type { ModelCallError } from "./model-call-error.ts";

export type CallOutcome = { ok: true } | { ok: false; error: ModelCallError };

export interface FailFast {
  /** Records one finished call; returns the trip reason once (and whenever) tripped. */
  record(outcome: CallOutcome): string | undefined;
  readonly tripped: boolean;
  readonly reason: string | undefined;
}

/**
 * 400/422 bodies that depend on the sample, not the configuration: a long prompt, a flagged
 * one. Five in a row says something about the dataset, not that the endpoint is unusable.
 */
const PER_SAMPLE =
  /context[ _-]?(length|window)|maximum context|prompt is too long|input is too long|too many (input|prompt) tokens|content[ _-]?(management|policy|filter)|flagged|moderation|safety/i;

/**
 * Stops a run that can only fail: `threshold` consecutive final failures that say the same thing
 * about the configuration (a wrong key, a model name the endpoint does not know, a blocked URL,
 * an endpoint answering garbage), with no success in between.
 *
 * What counts: non-retryable errors, plus `bad_response` after its retry (a 200 HTML page means a
 * wrong URL, not a blip). What never counts: exhausted rate limits, timeouts, 5xx and connection
 * errors (capacity or outages, not configuration) and cancellations; they neither count nor break
 * a streak. "The same" is code + status, and for 400/422 also the upstream message, because those
 * statuses mix configuration errors ("model not found": trips) with per-sample ones ("maximum
 * context length is 8192 tokens, you requested 9000": never trips, and differs per sample anyway).
 */
export function createFailFast(
  options: {
    threshold?: number;
    /** Whose calls these are, as the trip reason names it: "model" unless given ("judge model"). */
    subject?: string;
  } = {},
): FailFast {
  const threshold = Math.max(1, options.threshold ?? 5);
  const subject = options.subject ?? "model";
  let streakKey: string | undefined;
  let streak = 0;
  let reason: string | undefined;

  return {
    record(outcome) {
      if (reason !== undefined) return reason;
      if (outcome.ok) {
        streakKey = undefined;
        streak = 0;
        return undefined;
      }
      const key = signature(outcome.error);
      if (key === undefined) return undefined;
      if (key === streakKey) {
        streak += 1;
      } else {
        streakKey = key;
        streak = 1;
      }
      if (streak >= threshold) reason = describe(outcome.error, threshold, subject);
      return reason;
    },
    get tripped() {
      return reason !== undefined;
    },
    get reason() {
      return reason;
    },
  };
}

function signature(error: ModelCallError): string | undefined {
  if (error.code === "cancelled" || error.code === "rate_limited") return undefined;
  if (error.retryable && error.code !== "bad_response") return undefined;
  const base = `${error.code}:${error.status ?? ""}`;
  if (error.status === 400 || error.status === 422) {
    const detail = error.detail ?? "";
    if (PER_SAMPLE.test(detail)) return undefined;
    return `${base}:${detail}`;
  }
  return base;
}

const WORDS = ["", "", "twice", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

function describe(error: ModelCallError, threshold: number, subject: string): string {
  const word = WORDS[threshold] ?? String(threshold);
  const times =
    threshold === 1 ? "" : threshold === 2 ? ` ${word} in a row` : ` ${word} times in a row`;
  return error.status !== undefined && error.code === "http_error"
    ? `the ${subject} endpoint answered ${error.status}${times}: ${error.detail ?? error.message}`
    : `${subject} calls failed with ${error.code}${times}: ${error.message}`;
}
