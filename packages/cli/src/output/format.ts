/** Numbers and times as people read them in reports and progress lines. */

/** A 0–1 fraction as a percentage: `0.8173` → `81.7%`. */
export function percent(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** A duration in whole seconds as `m:ss`, or `h:mm:ss` past an hour. */
export function clockDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Unix seconds as an ISO timestamp without milliseconds; 0 (not yet) as nothing. */
export function unixTime(seconds: number): string {
  return seconds > 0 ? new Date(seconds * 1000).toISOString().replace(".000Z", "Z") : "";
}

export function thousands(n: number): string {
  return n.toLocaleString("en-US");
}

/** Scores are 0–1; two decimals unless whole. */
export function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(2);
}
