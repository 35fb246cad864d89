import type { Verdict } from "../follow-trace-evaluations.ts";
import { percent } from "./format.ts";
import type { VerdictCounts } from "./judge-progress.ts";
import { printTable, truncate } from "./table.ts";

/**
 * The end of `assay judge run --wait`: one row per trace, in the order they were given, then
 * `passed X of N (Y%)`. A run that ended `failure` shows why in place of the reasoning.
 */
export function printVerdicts(verdicts: readonly Verdict[], counts: VerdictCounts): void {
  printTable(
    ["trace", "status", "verdict", "score", "reasoning"],
    verdicts.map(({ traceEvaluation, result }) => [
      traceEvaluation.trace_id,
      traceEvaluation.status,
      result === undefined ? "" : result.passed ? "pass" : "fail",
      result === undefined ? "" : result.score.toFixed(2),
      truncate(result?.reasoning ?? traceEvaluation.status_description, 60),
    ]),
  );
  console.log(passRateLine(counts));
}

/** `passed 7 of 10 (70.0%)`: runs that ended `failure` count in N, not in X. */
export function passRateLine({ passed, total }: VerdictCounts): string {
  return `passed ${passed} of ${total} (${percent(total === 0 ? 0 : passed / total)})`;
}
