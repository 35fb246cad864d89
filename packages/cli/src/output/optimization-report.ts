import type { JudgeOptimizationRun } from "@assay/client";
import { formatPValue } from "@assay/protocol";
import { percent } from "./format.ts";
import { printFields } from "./table.ts";

type SplitAgreement = NonNullable<JudgeOptimizationRun["assay"]>["baseline"]["held_out"];

/**
 * Agreement on one split as one line: `accuracy 91.7% (95% CI 64.6%–98.5%), κ 0.83 (95% CI
 * 0.52–1.00)`. κ is undefined, with the server's reason, when the judge (or the people) gave one
 * answer to everything.
 */
export function splitText(figures: SplitAgreement): string {
  const { low, high } = figures.accuracy_interval;
  const accuracy = `accuracy ${percent(figures.accuracy)} (95% CI ${percent(low)}–${percent(high)})`;
  if (figures.kappa === null)
    return `${accuracy}, κ undefined${figures.kappa_undefined_reason ? ` (${figures.kappa_undefined_reason})` : ""}`;
  const kappaCi = figures.kappa_interval
    ? ` (95% CI ${figures.kappa_interval.low.toFixed(2)}–${figures.kappa_interval.high.toFixed(2)})`
    : "";
  return `${accuracy}, κ ${figures.kappa.toFixed(2)}${kappaCi}`;
}

/**
 * A finished run as people read it: baseline against the best candidate on the held-out labels,
 * with κ and intervals, whether it improved, the cost, and the goal `apply` would give the judge.
 */
export function printOptimizationReport(run: JudgeOptimizationRun): void {
  const stats = run.assay;
  const judge = run.judge_snapshot;
  const fields: [string, unknown][] = [
    ["run", run.id],
    ["judge", judge ? `${judge.name} (version ${judge.version})` : run.judge_id],
    [
      "budget",
      stats
        ? `${run.budget}: ${stats.rounds} rounds × ${stats.candidates_per_round} candidates`
        : run.budget,
    ],
    [
      "labels",
      stats
        ? `${stats.held_out_count} held out, ${stats.training_count} for training`
        : run.annotation_count,
    ],
  ];
  if (stats) {
    fields.push(["baseline", splitText(stats.baseline.held_out)]);
    fields.push([
      "optimized",
      stats.best ? splitText(stats.best.held_out) : "no candidate was needed",
    ]);
    fields.push(["improved", improvedText(stats)]);
  }
  fields.push([
    "cost",
    `$${run.actual_cost.toFixed(4)} (estimated $${run.estimated_cost.toFixed(4)})`,
  ]);
  if (stats?.improved) fields.push(["optimized goal", run.optimized_goal]);
  printFields(fields);
}

/**
 * "yes (+58.3 held-out points; 7 gained, 0 lost; McNemar exact p = 0.016)", or "no, not
 * measurably better (…)" for a gain within noise, or "no (-8.3 held-out points; …)": the best
 * candidate's held-out accuracy against the original goal's, and the paired test that decided.
 */
function improvedText(stats: NonNullable<JudgeOptimizationRun["assay"]>): string {
  const best = stats.best?.held_out.accuracy;
  const points =
    best === undefined
      ? ""
      : `${signed((best - stats.baseline.held_out.accuracy) * 100)} held-out points`;
  const test = stats.held_out_test;
  const evidence = test
    ? `${test.only_best_agrees} gained, ${test.only_baseline_agrees} lost; McNemar exact ${formatPValue(test.p_value)}`
    : "";
  const detail = [points, evidence].filter(Boolean).join("; ");
  const inParentheses = detail === "" ? "" : ` (${detail})`;
  if (stats.improved) return `yes${inParentheses}`;
  if (test && test.only_best_agrees > test.only_baseline_agrees)
    return `no, not measurably better${inParentheses}`;
  return `no${inParentheses}`;
}

function signed(n: number): string {
  return `${n >= 0 ? "+" : ""}${n.toFixed(1)}`;
}
