import type { Interval } from "./proportion.ts";
import {
  clusteredAccuracy,
  type PromptTally,
  type RepeatFigures,
  repeatFigures,
} from "./repeat-stats.ts";

/** A prompt's answers and right ones, with the subset it belongs to. */
export interface SubsetPromptTally extends PromptTally {
  subset: string;
}

/** What repeats change in a run's summary: its accuracy, interval and subsets, and the reducers. */
export interface RepeatSummary {
  accuracy: number;
  stderr: number;
  ci95: Interval;
  interval: "clustered";
  subsets: {
    name: string;
    total: number;
    correct: number;
    accuracy: number;
    ci95: Interval;
    prompts: number;
    flip_rate: number | null;
  }[];
  repeats: RepeatFigures & { repeats: number; prompts: number };
}

/**
 * The figures of a run whose prompts were asked `repeats` times: the accuracy clustered by
 * prompt, the same for each subset (sorted by name, code-point order, like every summary's), and
 * the per-prompt reducers.
 */
export function summarizeRepeats(
  tallies: readonly SubsetPromptTally[],
  repeats: number,
): RepeatSummary {
  const bySubset = new Map<string, SubsetPromptTally[]>();
  for (const tally of tallies) {
    const list = bySubset.get(tally.subset);
    if (list) list.push(tally);
    else bySubset.set(tally.subset, [tally]);
  }
  const overall = clusteredAccuracy(tallies, repeats);
  const subsets = [...bySubset.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, list]) => {
      const figures = clusteredAccuracy(list, repeats);
      return {
        name,
        total: list.reduce((sum, t) => sum + t.answers, 0),
        correct: list.reduce((sum, t) => sum + t.correct, 0),
        accuracy: figures.accuracy,
        ci95: figures.ci95,
        prompts: list.length,
        flip_rate: repeatFigures(list, repeats).flip_rate,
      };
    });
  return {
    accuracy: overall.accuracy,
    stderr: overall.stderr,
    ci95: overall.ci95,
    interval: "clustered",
    subsets,
    repeats: { repeats, prompts: overall.prompts, ...repeatFigures(tallies, repeats) },
  };
}
