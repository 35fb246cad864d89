import type { ComparisonPage, ComparisonResult, Evaluation } from "@assay/client";
import { formatPValue, withoutSharedOpening } from "@assay/protocol";
import { outputWidth, printFittedTable } from "./fit-table.ts";
import { percent } from "./format.ts";
import { sharedOpeningLine } from "./shared-opening-line.ts";
import { printTable, truncate } from "./table.ts";

/**
 * Signed percentage points with one decimal and a real minus sign: `+4.1`, `−2.0`; a value that is
 * not 0 gets the decimals that show its sign (`+0.04`), since an interval's limit on the wrong
 * side of 0 would contradict the verdict printed below it.
 */
export function signedPoints(fraction: number): string {
  let decimals = 1;
  while (fraction !== 0 && decimals < 6 && Number((fraction * 100).toFixed(decimals)) === 0)
    decimals += 1;
  const text = (Math.abs(fraction) * 100).toFixed(decimals);
  return `${fraction < 0 ? "−" : "+"}${text}`;
}

/** The interval and the test behind a comparison's figures, by its `method`. */
const METHOD_NAMES: Record<ComparisonPage["stats"]["method"], { interval: string; test: string }> =
  {
    mcnemar_tango: {
      interval: "Tango score interval",
      test: "McNemar score test (no continuity correction)",
    },
    paired_t: {
      interval: "paired t interval on per-prompt means",
      test: "paired t test on per-prompt means (runs with repeats)",
    },
  };

/**
 * What `assay compare` prints above the prompts: who A and B are, the counters of each whole
 * evaluation, then the paired statistics over the prompts both answered and the verdict.
 */
export function printComparisonSummary(
  a: Evaluation,
  b: Evaluation,
  comparison: ComparisonPage,
): void {
  const accuracy = (correct: number, total: number) =>
    total === 0 ? "–" : percent(correct / total);
  printTable(
    ["", "evaluation", "model", "benchmark", "correct", "results", "accuracy"],
    [
      [
        "A (1)",
        a.id,
        label(a),
        a.dataset_name || a.dataset_id,
        comparison.correctCount1,
        comparison.totalResults1,
        accuracy(comparison.correctCount1, comparison.totalResults1),
      ],
      [
        "B (2)",
        b.id,
        label(b),
        b.dataset_name || b.dataset_id,
        comparison.correctCount2,
        comparison.totalResults2,
        accuracy(comparison.correctCount2, comparison.totalResults2),
      ],
    ],
  );
  const s = comparison.stats;
  console.log(
    `paired prompts: ${s.pairs} (both right ${s.both_correct}, only A right ${s.only_1_correct}, only B right ${s.only_2_correct}, both wrong ${s.both_wrong})`,
  );
  if (s.pairs > 0) {
    const { low, high } = s.difference_interval;
    const names = METHOD_NAMES[s.method];
    console.log(
      `accuracy on them: A ${percent(s.accuracy_1)}, B ${percent(s.accuracy_2)}; B − A ${signedPoints(s.difference)} points (95% CI ${signedPoints(low)} to ${signedPoints(high)}, ${names.interval})`,
    );
    console.log(`${names.test}: ${formatPValue(s.p_value)}`);
  }
  console.log(`verdict: ${s.verdict}`);
}

/**
 * The prompts listed under the summary: who got each right, and both answers; each prompt
 * without the opening they share (said once, above), the table fit to the width.
 */
export function printComparedPrompts(rows: readonly ComparisonResult[]): void {
  const { texts, opening } = withoutSharedOpening(rows.map((r) => r.prompt));
  const width = outputWidth();
  if (opening !== "") {
    console.log(truncate(sharedOpeningLine(opening), width));
  }
  printFittedTable(
    [
      { head: "position" },
      { head: "right" },
      { head: "prompt", flex: 2 },
      { head: "truth", flex: 1 },
      { head: "A answered", flex: 1, keep: "end" },
      { head: "B answered", flex: 1, keep: "end" },
    ],
    rows.map((r, i) => [
      r.result_id_1,
      r.passed1 && r.passed2 ? "both" : r.passed1 ? "A" : r.passed2 ? "B" : "neither",
      texts[i],
      r.truth,
      r.result1,
      r.result2,
    ]),
    width,
  );
}

function label(evaluation: Evaluation): string {
  return evaluation.model_key || evaluation.model_name || evaluation.model_id;
}
