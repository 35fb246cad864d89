import { formatPValue, type PairedMethod, type PairedStats } from "@assay/protocol";

/** 0.041 → "+4.1", −0.02 → "−2.0": percentage points with their sign (a real minus). */
export function signedPoints(difference: number): string {
  const points = (difference * 100).toFixed(1);
  if (Number(points) === 0) return "0.0";
  return difference > 0 ? `+${points}` : `−${points.slice(1)}`;
}

/**
 * An interval's limit in signed points, as signedPoints, but a limit that is not 0 never reads as
 * "0.0": it gets the decimals that show its sign (0.0004 → "+0.04"), because on which side of 0 a
 * limit lies is what the verdict says.
 */
export function limitPoints(limit: number): string {
  if (limit === 0) return "0.0";
  let decimals = 1;
  while (decimals < 6 && Number((limit * 100).toFixed(decimals)) === 0) decimals += 1;
  const points = Math.abs(limit * 100).toFixed(decimals);
  return limit > 0 ? `+${points}` : `−${points}`;
}

/**
 * The names of the interval and the test a comparison's `method` stands for, as the page says
 * them, how the two relate, and what the subset table calls the p-value.
 */
export function methodNames(method: PairedMethod): {
  interval: string;
  test: string;
  relation: string;
  p: string;
} {
  switch (method) {
    case "mcnemar_tango":
      return {
        interval: "Tango score interval",
        test: "McNemar score test",
        relation: "which inverts the test",
        p: "McNemar p",
      };
    case "paired_t":
      return {
        interval: "paired t interval on per-prompt means",
        test: "paired t test on per-prompt means",
        relation: "from the test's own t distribution",
        p: "paired t p",
      };
  }
}

/**
 * The headline's colour, from the same flag as its words: `significant` (the accent) only when the
 * server found a difference, which is exactly when its interval excludes 0.
 */
export function headlineTone(stats: PairedStats): "significant" | "inconclusive" {
  return stats.pairs > 0 && stats.significant ? "significant" : "inconclusive";
}

/**
 * The headline from the server's statistics, in the reader's terms: which of A and B is better
 * by how much, with the interval and McNemar's p, or that the interval admits no difference.
 * Both follow the server's one flag, `significant`, which holds exactly when the interval excludes
 * 0; the limits are printed so that their sign shows. The winner's lead is positive, so "A is
 * better" reads the interval for A − B.
 */
export function verdictSentence(stats: PairedStats): string {
  if (stats.pairs === 0) return "nothing to compare yet: no prompt answered by both";
  const { low, high } = stats.difference_interval;
  if (!stats.significant)
    return `no detectable difference: the interval spans ${limitPoints(low)} to ${limitPoints(high)} points`;
  const bBetter = stats.difference > 0;
  const [lead, from, to] = bBetter
    ? [stats.difference, low, high]
    : [-stats.difference, -high, -low];
  return `${bBetter ? "B" : "A"} is better: ${signedPoints(lead)} points [${limitPoints(from)}, ${limitPoints(to)}], ${formatPValue(stats.p_value)}`;
}
