// A client that keeps asking one cheap endpoint while something heavy runs, to see how long the
// service makes its other users wait: at most one request in flight, a new one every `everyMs`
// (or as soon as the last answered, when it took longer), every latency recorded.

export interface ProbeStats {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The longest time between two answers (or from the start to the first one). */
  longestGapMs: number;
  /** Answers other than 2xx, by status ("error" when the request itself failed). */
  failures: Record<string, number>;
}

export interface Prober {
  /** Stops asking, waits for the request in flight, and answers what was seen. */
  stop(): Promise<ProbeStats>;
}

export function startProber(url: string, headers: Record<string, string>, everyMs = 20): Prober {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let stopped = false;
  let lastAnswer = performance.now();
  let longestGapMs = 0;

  const loop = (async () => {
    while (!stopped) {
      const start = performance.now();
      try {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) failures[res.status] = (failures[res.status] ?? 0) + 1;
      } catch {
        failures.error = (failures.error ?? 0) + 1;
      }
      const end = performance.now();
      latencies.push(end - start);
      longestGapMs = Math.max(longestGapMs, end - lastAnswer);
      lastAnswer = end;
      const wait = start + everyMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();

  return {
    async stop() {
      stopped = true;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        samples: sorted.length,
        p50Ms: quantile(sorted, 0.5),
        p99Ms: quantile(sorted, 0.99),
        maxMs: sorted.at(-1) ?? Number.NaN,
        longestGapMs,
        failures,
      };
    },
  };
}

/** The nearest-rank quantile of sorted values. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}
