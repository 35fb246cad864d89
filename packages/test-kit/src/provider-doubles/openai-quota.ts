// OpenAI's rate limits as a provider double enforces them: requests per minute (RPM) and tokens
// per minute (TPM) (platform.openai.com/docs/guides/rate-limits), each modelled as a token bucket
// that holds one minute's allowance and refills continuously. Pure: no clock or server of its
// own, so the quota bench's HTTP double and the gateway's pacing tests share one model.
//
// What a request costs in tokens is an estimate made before it runs, as OpenAI's is (the limit is
// checked when a request is admitted, before any output exists): the characters of every
// message's text / 4, rounded up, plus the whole output allowance — `max_completion_tokens`, or
// `max_tokens`, or `defaultMaxTokens` when the request gives neither. Charged in full at
// admission and never refunded: an answer shorter than its allowance still spent it. The real
// service counts prompt tokens with its tokenizer; chars / 4 is its documented rule of thumb.
//
// A refused request still takes one request from the RPM bucket when one is left (the guide:
// unsuccessful requests count towards the per-minute limit, so resending at once does not help).
// It takes no tokens.

export interface QuotaLimits {
  requestsPerMinute: number;
  tokensPerMinute: number;
}

export interface QuotaDecision {
  admitted: boolean;
  /** The `x-ratelimit-*` headers of the answer (and `retry-after` on a refusal). */
  headers: Record<string, string>;
  /** The tokens charged (0 when refused). */
  tokens: number;
}

/** Tokens the quota charges for a chat-completions body (see the header comment). */
export function estimateRequestTokens(body: Record<string, unknown>, defaultMaxTokens = 0): number {
  let chars = 0;
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      const content = (message as { content?: unknown } | null)?.content;
      if (typeof content === "string") chars += content.length;
      else if (Array.isArray(content)) {
        for (const part of content) {
          const text = (part as { text?: unknown } | null)?.text;
          if (typeof text === "string") chars += text.length;
        }
      }
    }
  }
  const limit = body.max_completion_tokens ?? body.max_tokens;
  const reserved = typeof limit === "number" && limit > 0 ? limit : defaultMaxTokens;
  return Math.ceil(chars / 4) + reserved;
}

class Bucket {
  private level: number;
  private at: number;
  readonly perMs: number;
  readonly limit: number;
  constructor(limit: number, now: number) {
    this.limit = limit;
    this.level = limit;
    this.at = now;
    this.perMs = limit / 60_000;
  }
  /** The level at `now` (refilled since the last look, never above the limit). */
  available(now: number): number {
    if (now > this.at) {
      this.level = Math.min(this.limit, this.level + (now - this.at) * this.perMs);
      this.at = now;
    }
    return this.level;
  }
  take(amount: number): void {
    this.level -= amount;
  }
  /** ms until `amount` is available (0 when it is). */
  msUntil(amount: number, now: number): number {
    const missing = amount - this.available(now);
    return missing <= 0 ? 0 : missing / this.perMs;
  }
  /** ms until the bucket is full again: OpenAI's `x-ratelimit-reset-*`. */
  msUntilFull(now: number): number {
    return this.msUntil(this.limit, now);
  }
}

/** The two buckets of one API key. */
export class OpenAIQuota {
  private requests: Bucket;
  private tokens: Bucket;
  readonly limits: QuotaLimits;
  constructor(limits: QuotaLimits, now: number) {
    this.limits = limits;
    this.requests = new Bucket(limits.requestsPerMinute, now);
    this.tokens = new Bucket(limits.tokensPerMinute, now);
  }

  /** Both buckets full again (a fresh minute), e.g. between two tools of a bench. */
  refill(now: number): void {
    this.requests = new Bucket(this.limits.requestsPerMinute, now);
    this.tokens = new Bucket(this.limits.tokensPerMinute, now);
  }

  /** Admits (and charges) a request costing `tokens`, or refuses it with a `retry-after`. */
  admit(tokens: number, now: number): QuotaDecision {
    const requestsOk = this.requests.available(now) >= 1;
    const tokensOk = this.tokens.available(now) >= tokens;
    if (requestsOk && tokensOk) {
      this.requests.take(1);
      this.tokens.take(tokens);
      return { admitted: true, headers: this.headers(now), tokens };
    }
    const waitMs = Math.max(this.requests.msUntil(1, now), this.tokens.msUntil(tokens, now));
    if (requestsOk) this.requests.take(1);
    const headers = this.headers(now);
    // Whole seconds, rounded up: never earlier than the bucket allows.
    headers["retry-after"] = String(Math.max(1, Math.ceil(waitMs / 1000)));
    return { admitted: false, headers, tokens: 0 };
  }

  headers(now: number): Record<string, string> {
    const requests = this.requests;
    const tokens = this.tokens;
    return {
      "x-ratelimit-limit-requests": String(requests.limit),
      "x-ratelimit-limit-tokens": String(tokens.limit),
      "x-ratelimit-remaining-requests": String(Math.max(0, Math.floor(requests.available(now)))),
      "x-ratelimit-remaining-tokens": String(Math.max(0, Math.floor(tokens.available(now)))),
      "x-ratelimit-reset-requests": formatOpenAIDuration(requests.msUntilFull(now)),
      "x-ratelimit-reset-tokens": formatOpenAIDuration(tokens.msUntilFull(now)),
    };
  }
}

/**
 * OpenAI's duration format (Go's time.Duration): "120ms" below a second, "1s", "7.66s", "6m0s",
 * "1h2m3s"; rounded up to the ms so that a client never comes back early.
 */
export function formatOpenAIDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms));
  if (total < 1000) return `${total}ms`;
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = (total % 60_000) / 1000;
  const s = `${Number(seconds.toFixed(3))}s`;
  if (hours > 0) return `${hours}h${minutes}m${s}`;
  if (minutes > 0) return `${minutes}m${s}`;
  return s;
}

/**
 * Heavy-tailed latencies: lognormal with the given median and p99 / median ratio (8 by default,
 * σ = ln 8 / z₀.₉₉ ≈ 0.894), from a seeded generator so two runs see the same sequence.
 */
export function lognormalLatencies(
  medianMs: number,
  seed: number,
  p99OverMedian = 8,
): () => number {
  const sigma = Math.log(p99OverMedian) / 2.326_348;
  const random = mulberry32(seed);
  return () => {
    // Box–Muller; 1 − u keeps the logarithm finite.
    const u = 1 - random();
    const v = random();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return medianMs * Math.exp(sigma * z);
  };
}

/** A small seeded PRNG (Tommy Ettinger's mulberry32), uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
