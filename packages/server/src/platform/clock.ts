/** The source of "now", injected so tests can move time (URL expiry, leases) without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
