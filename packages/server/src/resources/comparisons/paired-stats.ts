import { type ComparisonStats, formatPValue, type PairedStats } from "@assay/protocol";
import {
  holmAdjust,
  type PairedCounts,
  pairedFigures,
  sumPairedCounts,
} from "../../engine/stats/index.ts";
import type { SubsetCounts } from "./comparison-repository.ts";

/**
 * The comparison's statistics on the wire (evaluation 1 = A, the reference; 2 = B), with a verdict
 * a person can read. The verdict is the engine's one decision (pairedFigures: McNemar's score test
 * at 5%, which its Tango interval inverts): with p ≥ 0.05 the difference is reported as not
 * significant even when it is large, because few prompts disagreed, and the interval then holds 0.
 */
export function toPairedStats(counts: PairedCounts): PairedStats {
  const figures = pairedFigures(counts);
  const { significant } = figures;
  let verdict: string;
  if (figures.pairs === 0) verdict = "no prompts answered by both evaluations to compare";
  else if (!significant) verdict = `no significant difference (${formatPValue(figures.pValue)})`;
  else
    verdict = `evaluation ${figures.difference > 0 ? 2 : 1} is better (+${(Math.abs(figures.difference) * 100).toFixed(1)} points, ${formatPValue(figures.pValue)})`;
  return {
    pairs: figures.pairs,
    both_correct: counts.bothCorrect,
    both_wrong: counts.bothWrong,
    only_1_correct: counts.onlyACorrect,
    only_2_correct: counts.onlyBCorrect,
    accuracy_1: figures.accuracyA,
    accuracy_2: figures.accuracyB,
    difference: figures.difference,
    difference_interval: figures.differenceInterval,
    p_value: figures.pValue,
    significant,
    verdict,
    method: figures.method,
  };
}

/**
 * The whole comparison's statistics and each subset's, with the subsets' McNemar p-values
 * Holm-adjusted together: looking at every subset for a difference is that many tests.
 */
export function toComparisonStats(subsets: readonly SubsetCounts[]): ComparisonStats {
  const figures = subsets.map(({ counts }) => pairedFigures(counts));
  const adjusted = holmAdjust(figures.map((f) => f.pValue));
  return {
    ...toPairedStats(sumPairedCounts(subsets.map((s) => s.counts))),
    subsets: subsets.map(({ subset, counts }, i) => {
      const f = figures[i]!;
      return {
        subset,
        pairs: f.pairs,
        both_correct: counts.bothCorrect,
        both_wrong: counts.bothWrong,
        only_1_correct: counts.onlyACorrect,
        only_2_correct: counts.onlyBCorrect,
        difference: f.difference,
        difference_interval: f.differenceInterval,
        p_value: f.pValue,
        p_value_holm: adjusted[i]!,
      };
    }),
  };
}
