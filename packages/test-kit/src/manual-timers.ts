/**
 * Timers run by hand, for code that takes `{ setTimeout, clearTimeout }` (the shared poller, the
 * progress poller): a test steps time with `fire()` instead of waiting on a clock.
 */
export function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    timers: {
      setTimeout: (callback: () => void) => {
        next += 1;
        pending.set(next, callback);
        return next;
      },
      clearTimeout: (handle: unknown) => pending.delete(handle as number),
    },
    pending: () => pending.size,
    /** Runs every pending callback once; answers how many ran. */
    fire(): number {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
      return callbacks.length;
    },
  };
}
