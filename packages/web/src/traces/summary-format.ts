/** A trace's latency: 850 → "850 ms", 4_200 → "4.2 s", 150_000 → "2.5 min". */
export function latency(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** A token count with thousands separators, the same in every locale the tests run in. */
export function tokens(count: number): string {
  return count.toLocaleString("en-US");
}
