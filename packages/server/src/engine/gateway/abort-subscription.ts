const subscribers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Runs `callback` when `signal` aborts; returns the function that unsubscribes. Every call of a run
 * subscribes to the run's one signal, hundreds at a time: Node's EventTarget scans all listeners
 * of a type on each add and remove (to refuse duplicates), which made those subscriptions cost
 * time quadratic in the concurrency (6 % of the CPU at 256 in flight). Here a signal gets one
 * listener and its subscribers live in a Set. Like a listener, a subscription made after the
 * abort never runs: callers check `signal.aborted` first.
 */
export function subscribeAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = subscribers.get(signal);
  if (callbacks === undefined) {
    const created = new Set<() => void>();
    signal.addEventListener(
      "abort",
      () => {
        for (const run of created) run();
        created.clear();
      },
      { once: true },
    );
    subscribers.set(signal, created);
    callbacks = created;
  }
  const own = () => callback();
  callbacks.add(own);
  const subscribed = callbacks;
  return () => {
    subscribed.delete(own);
  };
}
