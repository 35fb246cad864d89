/**
 * Simulated time for code that takes `{ now, setTimeout, clearTimeout }` (the quota pacer): timers
 * fire in due order as `run()` jumps the clock from one to the next, so a minute of paced calls
 * takes milliseconds. Unlike manualTimers(), which fires whatever is pending whenever asked, a
 * timer here has a due time and the clock says what time it is.
 */
export function virtualClock() {
  let now = 0;
  let sequence = 0;
  const timers = new Map<number, { due: number; order: number; callback: () => void }>();
  // Promise chains started by a callback settle in microtasks; a macrotask turn lets them all run
  // (and schedule their own timers) before the clock moves on.
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  return {
    now: () => now,
    setTimeout(callback: () => void, ms: number): number {
      sequence += 1;
      timers.set(sequence, { due: now + Math.max(0, ms), order: sequence, callback });
      return sequence;
    },
    clearTimeout(handle: unknown): void {
      timers.delete(handle as number);
    },
    /** Sleeps `ms` of simulated time. */
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => this.setTimeout(resolve, ms));
    },
    pending: () => timers.size,
    /**
     * Fires timers in order of due time (then of creation) until none is left, or the next is
     * due after `untilMs`; answers the simulated time reached.
     */
    async run(untilMs = Number.POSITIVE_INFINITY): Promise<number> {
      await settle();
      for (;;) {
        let next: { id: number; due: number; order: number; callback: () => void } | undefined;
        for (const [id, timer] of timers) {
          if (
            next === undefined ||
            timer.due < next.due ||
            (timer.due === next.due && timer.order < next.order)
          ) {
            next = { id, ...timer };
          }
        }
        if (next === undefined || next.due > untilMs) break;
        timers.delete(next.id);
        now = Math.max(now, next.due);
        next.callback();
        await settle();
      }
      if (untilMs !== Number.POSITIVE_INFINITY) now = Math.max(now, untilMs);
      return now;
    },
  };
}
