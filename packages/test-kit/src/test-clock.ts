import type { Clock } from "@assay/server/src/platform/clock.ts";

/** A clock tests move by hand (URL expiry, leases, rate-limit refill) instead of waiting. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
