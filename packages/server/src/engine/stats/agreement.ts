import { Z_95 } from "@assay/protocol";
import { type Interval, wilsonInterval } from "./proportion.ts";

/** One label beside the judge's verdict on the same trace. */
export interface LabeledVerdict {
  human: boolean;
  judge: boolean;
}

export interface AgreementFigures {
  /** Pairs compared. */
  n: number;
  agreements: number;
  /** Share of pairs where the judge said what the person said; null when n = 0. */
  accuracy: number | null;
  /** Wilson 95% interval of the accuracy; null when n = 0. */
  accuracyInterval: Interval | null;
  /**
   * Cohen's κ: agreement beyond what the two marginal pass rates give by chance. Null when it is
   * undefined, and `kappaUndefined` says why: no pairs, or one side gave every pair the same
   * answer. Then κ is 0 (or 0/0) whatever the other side did, so it measures nothing.
   */
  kappa: number | null;
  /** 95% interval of κ (see kappaInterval below); null when κ is. */
  kappaInterval: Interval | null;
  /** Why κ is null, in words a person reads ("every label is pass"); null when κ is defined. */
  kappaUndefined: string | null;
}

/** Accuracy and Cohen's κ of a judge's verdicts against people's labels (pass/fail, 2×2). */
export function agreement(pairs: readonly LabeledVerdict[]): AgreementFigures {
  // table[human][judge], index 0 = pass, 1 = fail.
  const table: [[number, number], [number, number]] = [
    [0, 0],
    [0, 0],
  ];
  for (const { human, judge } of pairs) table[human ? 0 : 1][judge ? 0 : 1] += 1;
  return agreementOfTable(table);
}

/**
 * Why κ cannot be estimated from this table, or undefined when it can. With every label alike
 * (or every verdict), chance agreement equals the observed agreement on every possible table, so
 * κ is 0 by construction, not by measurement: "0 with [0, 0]" would claim a certainty about a
 * judge that nothing here has tested.
 */
function kappaUndefinedReason(n: number, table: [[number, number], [number, number]]) {
  const [[a, b], [c, d]] = table;
  if (n === 0) return "no label has a verdict to compare with";
  const answer = (pass: boolean) => (pass ? "pass" : "fail");
  const humanConstant = a + b === n || c + d === n;
  const judgeConstant = a + c === n || b + d === n;
  if (humanConstant && judgeConstant)
    return `every label is ${answer(a + b === n)} and every verdict ${answer(a + c === n)}`;
  if (humanConstant) return `every label is ${answer(a + b === n)}`;
  if (judgeConstant) return `every verdict is ${answer(a + c === n)}`;
  return undefined;
}

/**
 * The 95% interval of κ: the large-sample normal interval from the Fleiss, Cohen & Everitt (1969)
 * variance, widened where needed to hold Cohen's own (1960) view of κ as the observed agreement
 * po rescaled, (po − pe)/(1 − pe) with chance agreement pe at its estimate, taken over Wilson's
 * interval of po. The first alone has variance 0 when every pair agrees (κ = 1 on 10 labels
 * would read [1, 1]) and is nearly as narrow just short of it (49 of 50); the second inherits
 * Wilson's rule that n/n is not certainty (10 of 10 agreeing: po ≥ 0.72, so κ ≥ 0.44 with even
 * margins). Taking the wider of the two at each end keeps the interval honest there and changes
 * ordinary tables little; it is conservative where the margins are very uneven, since pe is not
 * really fixed. Clipped to [−1, 1].
 */
function kappaInterval(
  p: readonly (readonly [number, number])[],
  rows: readonly [number, number],
  cols: readonly [number, number],
  counts: { agreements: number; n: number },
): Interval {
  const po = counts.agreements / counts.n;
  const pe = rows[0] * cols[0] + rows[1] * cols[1];
  const kappa = (po - pe) / (1 - pe);
  let diagonal = 0;
  let offDiagonal = 0;
  for (const i of [0, 1] as const) {
    diagonal += p[i]![i]! * (1 - (rows[i] + cols[i]) * (1 - kappa)) ** 2;
    const j = i === 0 ? 1 : 0;
    offDiagonal += p[i]![j]! * (cols[i] + rows[j]) ** 2;
  }
  const variance =
    (diagonal + (1 - kappa) ** 2 * offDiagonal - (kappa - pe * (1 - kappa)) ** 2) /
    ((1 - pe) ** 2 * counts.n);
  // Rounding can leave a tiny negative variance where the true one is 0.
  const half = Z_95 * Math.sqrt(Math.max(0, variance));
  const observed = wilsonInterval(counts.agreements, counts.n);
  const rescaled = (agreement: number) => (agreement - pe) / (1 - pe);
  return {
    low: Math.max(-1, Math.min(kappa - half, rescaled(observed.low))),
    high: Math.min(1, Math.max(kappa + half, rescaled(observed.high))),
  };
}

/** As `agreement`, from the 2×2 counts (rows: the person, columns: the judge; pass first). */
export function agreementOfTable(table: [[number, number], [number, number]]): AgreementFigures {
  const [[a, b], [c, d]] = table;
  const n = a + b + c + d;
  const agreements = a + d;
  const undefinedBecause = kappaUndefinedReason(n, table);
  const figures = {
    n,
    agreements,
    accuracy: n === 0 ? null : agreements / n,
    accuracyInterval: n === 0 ? null : wilsonInterval(agreements, n),
  };
  if (undefinedBecause !== undefined)
    return { ...figures, kappa: null, kappaInterval: null, kappaUndefined: undefinedBecause };

  const p = [
    [a / n, b / n],
    [c / n, d / n],
  ] as const;
  const rows = [p[0][0] + p[0][1], p[1][0] + p[1][1]] as const;
  const cols = [p[0][0] + p[1][0], p[0][1] + p[1][1]] as const;
  const pe = rows[0] * cols[0] + rows[1] * cols[1];
  return {
    ...figures,
    kappa: (agreements / n - pe) / (1 - pe),
    kappaInterval: kappaInterval(p, rows, cols, { agreements, n }),
    kappaUndefined: null,
  };
}
