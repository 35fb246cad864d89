import { subscribeAbort } from "../abort-subscription.ts";
import { cancelledError } from "../model-call-error.ts";
import type { BucketReading, RateLimitReading } from "./rate-limit-headers.ts";

/** Time as the pacer sees it: ms on a monotonic clock, and timers. Tests pass a virtual one. */
export interface PacerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_PACER_CLOCK: PacerClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // A paced call keeps its own promise alive; the timer alone must not hold the process.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Handed out by admit(), given back to observe() with the answer's headers: when the request
 * left and how much this pacer had sent by then (cumulative, itself included).
 */
export interface PacerTicket {
  sentAt: number;
  requestsSent: number;
  tokensSent: number;
}

export interface QuotaPacerOptions {
  clock?: PacerClock;
  /**
   * Kept in each bucket beyond a request's cost, as a share of the bucket's limit: room for our
   * token estimate being below the provider's and for another client of the same key. Costs
   * margin / rate once (0.6 s of a 60 s run at 1 %), never throughput. Default 1 %.
   */
  marginShare?: number;
}

interface Waiter {
  tokens: number;
  resolve: (ticket: PacerTicket) => void;
  reject: (error: unknown) => void;
  unsubscribe: (() => void) | undefined;
  settled: boolean;
}

/**
 * Our running estimate of one of the provider's buckets. Between answers it refills at the
 * provider's rate and loses what we send; each answer's headers re-anchor it (see observe).
 */
class BucketEstimate {
  limit = 0;
  /** Refill per ms: from the headers' reset when they give enough signal, else limit per minute. */
  perMs = 0;
  private level = 0;
  private at = 0;

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

  /**
   * The provider had `reading.remaining` left just after admitting the request sent at `sentAt`;
   * since then it refilled, and took `sentSince` (what we sent after that request). Answers
   * arrive a latency late, so this — not `remaining` itself — is the level now.
   */
  anchor(reading: BucketReading, sentAt: number, sentSince: number, now: number): void {
    this.limit = reading.limit;
    const used = reading.limit - reading.remaining;
    // A reset below ~5 % of the limit is mostly rounding ("1s"): keep the rate we had.
    if (reading.resetMs !== undefined && reading.resetMs > 0 && used >= reading.limit * 0.05) {
      this.perMs = used / reading.resetMs;
    } else if (this.perMs === 0) {
      // x-ratelimit-limit-* are per-minute limits (RPM, TPM).
      this.perMs = reading.limit / 60_000;
    }
    const refilled = Math.min(reading.limit, reading.remaining + (now - sentAt) * this.perMs);
    this.level = refilled - sentSince;
    this.at = now;
  }

  /** ms until `need` is available at this rate (0 when it is). */
  msUntil(need: number, now: number): number {
    const missing = need - this.available(now);
    if (missing <= 0) return 0;
    return this.perMs > 0 ? missing / this.perMs : 1000;
  }
}

/**
 * Paces the calls of one endpoint (URL + key) in this process by the quota its answers announce
 * (`x-ratelimit-*`, readRateLimitHeaders): a call leaves only when both our estimate of the
 * requests bucket and of the tokens bucket hold its cost plus a margin, in FIFO order. So a run
 * starts at full speed on a full bucket, settles at the provider's refill rate when it empties,
 * and hardly ever meets a 429. Until an endpoint's first answer carries the headers, and for
 * endpoints that never send them, admit() waits for nothing.
 *
 * One per endpoint in a process, shared by every run calling it; other processes and clients of
 * the same key show up in the headers and re-anchor the estimate.
 */
export class QuotaPacer {
  private readonly clock: PacerClock;
  private readonly marginShare: number;
  private readonly requests = new BucketEstimate();
  private readonly tokens = new BucketEstimate();
  private hasRequests = false;
  private hasTokens = false;
  private requestsSent = 0;
  private tokensSent = 0;
  /** requestsSent of the newest ticket whose headers anchored the estimate. */
  private anchoredAt = 0;
  private readonly queue: Waiter[] = [];
  private timer: unknown;
  private timerDue = Number.POSITIVE_INFINITY;

  constructor(options: QuotaPacerOptions = {}) {
    this.clock = options.clock ?? REAL_PACER_CLOCK;
    this.marginShare = options.marginShare ?? 0.01;
  }

  /** Whether any answer has announced a quota yet. */
  get active(): boolean {
    return this.hasRequests || this.hasTokens;
  }

  /** Calls waiting for the quota. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Resolves when a request costing `tokens` (estimateQuotaTokens) may leave, with the ticket
   * to hand to observe(); rejects `cancelled` on abort. Synchronous (no promise) when it may leave
   * at once, the common case.
   */
  admit(tokens: number, signal?: AbortSignal): PacerTicket | Promise<PacerTicket> {
    if (this.queue.length === 0 && this.waitMs(tokens, this.clock.now()) === 0) {
      return this.send(tokens);
    }
    if (signal?.aborted) return Promise.reject(cancelledError());
    return new Promise<PacerTicket>((resolve, reject) => {
      const waiter: Waiter = { tokens, resolve, reject, unsubscribe: undefined, settled: false };
      if (signal) waiter.unsubscribe = subscribeAbort(signal, () => this.abandon(waiter));
      this.queue.push(waiter);
      if (this.queue.length === 1) this.schedule();
    });
  }

  /** An answer (any status) to the request of `ticket`, with its headers read. */
  observe(ticket: PacerTicket, reading: RateLimitReading | undefined): void {
    if (reading === undefined) return;
    // Answers overtake each other; an older one knows less than the anchor we have.
    if (ticket.requestsSent <= this.anchoredAt) return;
    this.anchoredAt = ticket.requestsSent;
    const now = this.clock.now();
    if (reading.requests) {
      this.requests.anchor(
        reading.requests,
        ticket.sentAt,
        this.requestsSent - ticket.requestsSent,
        now,
      );
      this.hasRequests = true;
    }
    if (reading.tokens) {
      this.tokens.anchor(reading.tokens, ticket.sentAt, this.tokensSent - ticket.tokensSent, now);
      this.hasTokens = true;
    }
    if (this.queue.length > 0) this.reschedule();
  }

  /** Rejects every waiting call with `cancelled` (shutdown). */
  rejectWaiting(): void {
    for (const waiter of this.queue.splice(0)) {
      if (waiter.settled) continue;
      waiter.settled = true;
      waiter.unsubscribe?.();
      waiter.reject(cancelledError());
    }
    this.cancelTimer();
  }

  private send(tokens: number): PacerTicket {
    this.requestsSent += 1;
    this.tokensSent += tokens;
    if (this.hasRequests) this.requests.take(1);
    if (this.hasTokens) this.tokens.take(tokens);
    return {
      sentAt: this.clock.now(),
      requestsSent: this.requestsSent,
      tokensSent: this.tokensSent,
    };
  }

  /** ms until a request costing `tokens` may leave. */
  private waitMs(tokens: number, now: number): number {
    let wait = 0;
    if (this.hasRequests) {
      wait = Math.max(wait, this.requests.msUntil(this.need(this.requests, 1), now));
    }
    if (this.hasTokens) {
      wait = Math.max(wait, this.tokens.msUntil(this.need(this.tokens, tokens), now));
    }
    return wait;
  }

  /** Cost plus margin, but never more than a full bucket (a huge request must still leave). */
  private need(bucket: BucketEstimate, cost: number): number {
    return Math.min(bucket.limit, cost + bucket.limit * this.marginShare);
  }

  private release = (): void => {
    this.timer = undefined;
    this.timerDue = Number.POSITIVE_INFINITY;
    this.drain();
  };

  private drain(): void {
    const now = this.clock.now();
    while (this.queue.length > 0) {
      const head = this.queue[0] as Waiter;
      if (head.settled) {
        this.queue.shift();
        continue;
      }
      if (this.waitMs(head.tokens, now) > 0) break;
      this.queue.shift();
      head.settled = true;
      head.unsubscribe?.();
      head.resolve(this.send(head.tokens));
    }
    if (this.queue.length > 0) this.schedule();
  }

  private schedule(): void {
    const head = this.queue[0];
    if (head === undefined) return;
    const now = this.clock.now();
    // At least 1 ms: a wait computed as 0.3 ms must not spin on 0 ms timers.
    const wait = this.waitMs(head.tokens, now);
    if (wait === 0) {
      this.drain();
      return;
    }
    const due = now + Math.max(1, Math.ceil(wait));
    if (this.timer !== undefined && this.timerDue <= due) return;
    this.cancelTimer();
    this.timerDue = due;
    this.timer = this.clock.setTimeout(this.release, due - now);
  }

  /** The estimate moved (new headers): the head's wait may be shorter or longer now. */
  private reschedule(): void {
    this.cancelTimer();
    this.schedule();
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Number.POSITIVE_INFINITY;
  }

  private abandon(waiter: Waiter): void {
    if (waiter.settled) return;
    waiter.settled = true;
    waiter.unsubscribe?.();
    waiter.reject(cancelledError());
    const index = this.queue.indexOf(waiter);
    if (index >= 0) this.queue.splice(index, 1);
    if (index === 0) this.reschedule();
  }
}

/**
 * Tokens a request will be charged, estimated the way OpenAI reserves them when it admits a
 * request (before any output exists): the characters of the messages' text / 4, rounded up, plus
 * the whole output allowance (`max_completion_tokens` or `max_tokens`). A provider that counts
 * otherwise shows it in its `remaining-tokens`, which re-anchors the estimate (observe()).
 */
export function estimateQuotaTokens(body: Record<string, unknown>): number {
  let chars = 0;
  const messages = body.messages;
  if (Array.isArray(messages)) {
    for (const message of messages) {
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
  return Math.ceil(chars / 4) + (typeof limit === "number" && limit > 0 ? limit : 0);
}
