import type { PairedStats } from "@assay/protocol";
import { type PairedCounts, pairedFigures } from "../../engine/stats/index.ts";

/** The conventional threshold; the p-value travels too, for readers who want another. */
const SIGNIFICANCE = 0.05;

/**
 * "p = 0.41", "p = 0.032", "p < 0.001": three decimals near the threshold so a significant p does
 * not read as 0.05, and none that pretend beyond it.
 */
export function formatPValue(p: number): string {
  if (p < 0.001) return "p < 0.001";
  return `p = ${p < 0.1 ? p.toFixed(3) : p.toFixed(2)}`;
}

/**
 * The comparison's statistics on the wire (evaluation 1 = A, the reference; 2 = B), with a verdict
 * a person can read. The verdict follows McNemar's test: with p ≥ 0.05 the difference is reported
 * as not significant even when it is large, because few prompts disagreed.
 */
export function toPairedStats(counts: PairedCounts): PairedStats {
  const figures = pairedFigures(counts);
  const significant = figures.pairs > 0 && figures.pValue < SIGNIFICANCE;
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
  };
}
