import { subscribeAbort } from "../abort-subscription.ts";
import { cancelledError } from "../model-call-error.ts";

/** Gives the slot back. Call it exactly once per successful acquire. */
export type Release = () => void;

export interface EndpointLimiterHooks {
  /** A call started waiting while the cap is 0: nobody has asked the coordinator yet. */
  onStarved?: () => void;
  /** The first 429 of a reporting period. */
  onRateLimited?: () => void;
}

interface Waiter {
  resolve: (release: Release) => void;
  reject: (error: unknown) => void;
  unsubscribe: (() => void) | undefined;
  settled: boolean;
}

/**
 * The in-process half of an endpoint's concurrency limit: at most `cap` calls in flight, the rest
 * wait in FIFO order. The cap comes from outside (ConcurrencyLimits, from the coordinator's
 * grant). Lowering it never interrupts a call in flight; it only holds new ones back until
 * `inFlight < cap`.
 *
 * On the hot path of thousands of calls a second: a free slot costs a counter and a promise
 * allocated once per limiter; only a call that has to wait allocates (its promise and entry).
 */
export class EndpointLimiter {
  private capValue = 0;
  private inFlightCount = 0;
  private waitingCount = 0;
  private readonly queue: (Waiter | undefined)[] = [];
  private head = 0;
  private rateLimitedFlag = false;
  private successCount = 0;
  private readonly hooks: EndpointLimiterHooks;

  /** One function for every slot: no closure per call. */
  private readonly release: Release = () => {
    this.inFlightCount -= 1;
    this.drain();
  };
  private readonly granted: Promise<Release> = Promise.resolve(this.release);

  constructor(hooks: EndpointLimiterHooks = {}) {
    this.hooks = hooks;
  }

  get cap(): number {
    return this.capValue;
  }
  get inFlight(): number {
    return this.inFlightCount;
  }
  /** Calls waiting for a slot. */
  get waiting(): number {
    return this.waitingCount;
  }
  /** What this process would run now if the cap allowed: in flight plus waiting. */
  get demand(): number {
    return this.inFlightCount + this.waitingCount;
  }
  get rateLimited(): boolean {
    return this.rateLimitedFlag;
  }
  get successes(): number {
    return this.successCount;
  }

  /** Resolves with the release function once a slot is free; rejects `cancelled` on abort. */
  acquire(signal?: AbortSignal): Promise<Release> {
    if (this.waitingCount === 0 && this.inFlightCount < this.capValue) {
      this.inFlightCount += 1;
      return this.granted;
    }
    if (signal?.aborted) return Promise.reject(cancelledError());
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, unsubscribe: undefined, settled: false };
      if (signal) waiter.unsubscribe = subscribeAbort(signal, () => this.abandon(waiter));
      this.queue.push(waiter);
      this.waitingCount += 1;
      if (this.capValue === 0) this.hooks.onStarved?.();
    });
  }

  setCap(cap: number): void {
    this.capValue = Math.max(0, Math.floor(cap));
    this.drain();
  }

  noteRateLimited(): void {
    if (this.rateLimitedFlag) return;
    this.rateLimitedFlag = true;
    this.hooks.onRateLimited?.();
  }

  noteSuccess(): void {
    this.successCount += 1;
  }

  /** Ends the reporting period: what was observed since the last call, then reset. */
  takePeriod(): { rateLimited: boolean; successes: number } {
    const period = { rateLimited: this.rateLimitedFlag, successes: this.successCount };
    this.rateLimitedFlag = false;
    this.successCount = 0;
    return period;
  }

  /** Puts back a 429 observation whose report never reached the coordinator (no hook call). */
  restoreRateLimited(): void {
    this.rateLimitedFlag = true;
  }

  /** Rejects every waiting call with `cancelled` (shutdown). Calls in flight are untouched. */
  rejectWaiting(): void {
    const waiters = this.queue.slice(this.head);
    this.queue.length = 0;
    this.head = 0;
    for (const waiter of waiters) {
      if (waiter && !waiter.settled) this.abandon(waiter);
    }
  }

  private drain(): void {
    while (this.inFlightCount < this.capValue && this.head < this.queue.length) {
      const waiter = this.queue[this.head];
      this.queue[this.head] = undefined;
      this.head += 1;
      if (waiter === undefined || waiter.settled) continue;
      waiter.settled = true;
      this.waitingCount -= 1;
      this.inFlightCount += 1;
      waiter.unsubscribe?.();
      waiter.resolve(this.release);
    }
    this.compact();
  }

  private abandon(waiter: Waiter): void {
    if (waiter.settled) return;
    waiter.settled = true;
    this.waitingCount -= 1;
    waiter.unsubscribe?.();
    waiter.reject(cancelledError());
    this.compact();
  }

  /** Drops consumed (or abandoned) entries at the front so the queue never grows without bound. */
  private compact(): void {
    if (this.waitingCount === 0) {
      this.queue.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}

export function createEndpointLimiter(hooks?: EndpointLimiterHooks): EndpointLimiter {
  return new EndpointLimiter(hooks);
}
