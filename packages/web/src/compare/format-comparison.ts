import type { PairedStats } from "@assay/protocol";

/** 0.041 → "+4.1", −0.02 → "−2.0": percentage points with their sign (a real minus). */
export function signedPoints(difference: number): string {
  const points = (difference * 100).toFixed(1);
  if (Number(points) === 0) return "0.0";
  return difference > 0 ? `+${points}` : `−${points.slice(1)}`;
}

/** As the server words it: three decimals near the threshold, none that pretend below 0.001. */
export function pValueNumber(p: number): string {
  if (p < 0.001) return "< 0.001";
  return p < 0.1 ? p.toFixed(3) : p.toFixed(2);
}

/** "p = 0.006", "p < 0.001". */
export function formatPValue(p: number): string {
  const text = pValueNumber(p);
  return text.startsWith("<") ? `p ${text}` : `p = ${text}`;
}

/**
 * The headline from the server's statistics, in the reader's terms: which of A and B is better
 * by how much, with the interval and McNemar's p, or that the interval admits no difference.
 * The winner's lead is positive, so "A is better" reads the interval for A − B.
 */
export function verdictSentence(stats: PairedStats): string {
  if (stats.pairs === 0) return "nothing to compare yet: no prompt answered by both";
  const { low, high } = stats.difference_interval;
  if (!stats.significant)
    return `no detectable difference: the interval spans ${signedPoints(low)} to ${signedPoints(high)} points`;
  const bBetter = stats.difference > 0;
  const [lead, from, to] = bBetter
    ? [stats.difference, low, high]
    : [-stats.difference, -high, -low];
  return `${bBetter ? "B" : "A"} is better: ${signedPoints(lead)} points [${signedPoints(from)}, ${signedPoints(to)}], ${formatPValue(stats.p_value)}`;
}
