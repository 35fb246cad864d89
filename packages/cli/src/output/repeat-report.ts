import type { Evaluation, RepeatStats } from "@assay/client";
import { percent } from "./format.ts";
import { printTable } from "./table.ts";

/**
 * What `assay eval show` adds for a run that asked each prompt several times (`--repeats`): how
 * consistent the model was, beside how often it was right. A run with one answer per prompt
 * gets none of it, so its report reads as it always has.
 */

/** Whether the run asked each prompt more than once. */
export function hasRepeats(evaluation: Evaluation): boolean {
  return evaluation.assay.options.repeats > 1;
}

/** The fields after `accuracy`: the repeats, then (once finished) the consistency figures. */
export function repeatFields(evaluation: Evaluation): [string, unknown][] {
  const { repeats } = evaluation.assay.options;
  const stats = evaluation.assay.repeats;
  if (stats === null || stats === undefined) {
    return [["repeats", `${repeats} per prompt (consistency figures once the run has finished)`]];
  }
  const { prompts } = stats;
  const ofPrompts = (rate: number) => `${Math.round(rate * prompts)} of ${prompts} prompts`;
  const none = "none: no prompt has every repeat answered";
  return [
    ["repeats", `${repeats} per prompt, ${prompts} prompts with every repeat answered`],
    [
      "flip rate",
      stats.flip_rate === null
        ? none
        : `${percent(stats.flip_rate)} (${ofPrompts(stats.flip_rate)} answered right and wrong)`,
    ],
    [
      "majority vote",
      stats.majority_vote === null
        ? none
        : `${percent(stats.majority_vote)} (${ofPrompts(stats.majority_vote)} right in most repeats; a tie is no majority)`,
    ],
    [
      "within-prompt variance",
      stats.within_prompt_variance === null
        ? none
        : `${stats.within_prompt_variance.toFixed(4)} (of a prompt's score across its repeats, averaged over prompts)`,
    ],
  ];
}

/** After the fields: pass@k beside pass^k, then how many prompts were right how often. */
export function printRepeatTables(stats: RepeatStats): void {
  const shown = new Set(shownKs(stats.repeats));
  printTable(
    ["k", "pass@k (any of k right)", "pass^k (all k right)"],
    stats.pass_at_k
      .filter((row) => shown.has(row.k))
      .map((row) => [row.k, percent(row.pass_at_k), percent(row.pass_hat_k)]),
  );
  console.log(histogramLines(stats.pass_count_histogram).join("\n"));
}

/** k = 1, 2, 4, 8 … below `repeats`, then `repeats` itself: the curve's shape in a few rows. */
export function shownKs(repeats: number): number[] {
  const ks: number[] = [];
  for (let k = 1; k < repeats; k *= 2) ks.push(k);
  ks.push(repeats);
  return ks;
}

/** The widest bar, for the most common pass count. */
const BAR_WIDTH = 24;

/**
 * `prompts by answers right (of 4):` then one line per count, `  3/4 │██████      5`: the bars
 * scaled to the most common count, any prompt at all drawn at least one block wide.
 */
export function histogramLines(histogram: readonly number[]): string[] {
  const repeats = histogram.length - 1;
  const most = Math.max(1, ...histogram);
  const label = (right: number) => `${right}/${repeats}`.padStart(2 * String(repeats).length + 1);
  return [
    `prompts by answers right (of ${repeats}):`,
    ...histogram.map((count, right) => {
      const blocks = count === 0 ? 0 : Math.max(1, Math.round((count / most) * BAR_WIDTH));
      return `  ${label(right)} │${"█".repeat(blocks).padEnd(BAR_WIDTH)}  ${count}`;
    }),
  ];
}
