import { type Interval, wilsonInterval, Z_95 } from "./proportion.ts";

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
   * undefined: no pairs, or chance agreement is 1 (both sides gave one and the same answer to
   * everything, so nothing is left to agree on beyond chance).
   */
  kappa: number | null;
  /** 95% normal interval from the Fleiss, Cohen & Everitt (1969) large-sample variance. */
  kappaInterval: Interval | null;
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

/** As `agreement`, from the 2×2 counts (rows: the person, columns: the judge; pass first). */
export function agreementOfTable(table: [[number, number], [number, number]]): AgreementFigures {
  const [[a, b], [c, d]] = table;
  const n = a + b + c + d;
  if (n === 0)
    return {
      n,
      agreements: 0,
      accuracy: null,
      accuracyInterval: null,
      kappa: null,
      kappaInterval: null,
    };
  const agreements = a + d;
  const po = agreements / n;
  const p = [
    [a / n, b / n],
    [c / n, d / n],
  ] as const;
  const rows = [p[0][0] + p[0][1], p[1][0] + p[1][1]] as const;
  const cols = [p[0][0] + p[1][0], p[0][1] + p[1][1]] as const;
  const pe = rows[0] * cols[0] + rows[1] * cols[1];
  const figures = {
    n,
    agreements,
    accuracy: po,
    accuracyInterval: wilsonInterval(agreements, n),
  };
  if (pe >= 1 - 1e-12) return { ...figures, kappa: null, kappaInterval: null };

  const kappa = (po - pe) / (1 - pe);
  let diagonal = 0;
  let offDiagonal = 0;
  for (const i of [0, 1] as const) {
    diagonal += p[i][i] * (1 - (rows[i] + cols[i]) * (1 - kappa)) ** 2;
    const j = i === 0 ? 1 : 0;
    offDiagonal += p[i][j] * (cols[i] + rows[j]) ** 2;
  }
  const variance =
    (diagonal + (1 - kappa) ** 2 * offDiagonal - (kappa - pe * (1 - kappa)) ** 2) /
    ((1 - pe) ** 2 * n);
  // Rounding can leave a tiny negative variance where the true one is 0.
  const half = Z_95 * Math.sqrt(Math.max(0, variance));
  return {
    ...figures,
    kappa,
    kappaInterval: { low: Math.max(-1, kappa - half), high: Math.min(1, kappa + half) },
  };
}
