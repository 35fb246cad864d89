import { type ComparisonStats, formatPValue } from "@assay/protocol";
import { holmAdjust, type PromptMeans, pairedMeansFigures } from "../../engine/stats/index.ts";

/** One prompt's share of right answers in each run, with its subset (promptMeans). */
export interface SubsetPromptMeans extends PromptMeans {
  subset: string;
}

/**
 * Prompts counted into the 2×2 by majority vote: right when most of its answers were (a tie is
 * not a majority), the reducer that turns a prompt's repeats into one outcome.
 */
function majorityCounts(means: readonly PromptMeans[]) {
  const counts = { both_correct: 0, both_wrong: 0, only_1_correct: 0, only_2_correct: 0 };
  for (const { a, b } of means) {
    const one = a > 0.5;
    const two = b > 0.5;
    if (one && two) counts.both_correct += 1;
    else if (one) counts.only_1_correct += 1;
    else if (two) counts.only_2_correct += 1;
    else counts.both_wrong += 1;
  }
  return counts;
}

/**
 * The statistics of a comparison where either run asked its prompts more than once: the paired
 * t interval and test on per-prompt means (`paired_t`), whose verdict is read off the interval;
 * the 2×2 counts prompts by majority vote. `repeats` is the larger run's, the resolution the
 * interval's floor uses (pairedMeansFigures). Subsets get the same, their p Holm-adjusted.
 */
export function toRepeatComparisonStats(
  means: readonly SubsetPromptMeans[],
  repeats: number,
): ComparisonStats {
  const figures = pairedMeansFigures(means, repeats);
  let verdict: string;
  if (figures.pairs === 0) verdict = "no prompts answered by both evaluations to compare";
  else if (!figures.significant)
    verdict = `no significant difference (${formatPValue(figures.pValue)}, paired t on per-prompt means)`;
  else
    verdict = `evaluation ${figures.difference > 0 ? 2 : 1} is better (+${(Math.abs(figures.difference) * 100).toFixed(1)} points, ${formatPValue(figures.pValue)}, paired t on per-prompt means)`;

  const bySubset = new Map<string, SubsetPromptMeans[]>();
  for (const m of means) {
    const list = bySubset.get(m.subset);
    if (list) list.push(m);
    else bySubset.set(m.subset, [m]);
  }
  const subsets = [...bySubset.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const subsetFigures = subsets.map(([, list]) => pairedMeansFigures(list, repeats));
  const adjusted = holmAdjust(subsetFigures.map((f) => f.pValue));
  return {
    pairs: figures.pairs,
    ...majorityCounts(means),
    accuracy_1: figures.accuracyA,
    accuracy_2: figures.accuracyB,
    difference: figures.difference,
    difference_interval: figures.differenceInterval,
    p_value: figures.pValue,
    significant: figures.significant,
    verdict,
    method: "paired_t",
    subsets: subsets.map(([subset, list], i) => {
      const f = subsetFigures[i]!;
      return {
        subset,
        pairs: f.pairs,
        ...majorityCounts(list),
        difference: f.difference,
        difference_interval: f.differenceInterval,
        p_value: f.pValue,
        p_value_holm: adjusted[i]!,
      };
    }),
  };
}
