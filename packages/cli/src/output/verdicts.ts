import type { Verdict } from "../follow-trace-evaluations.ts";
import { percent } from "./format.ts";
import type { VerdictCounts } from "./judge-progress.ts";
import { printTable, truncate } from "./table.ts";

/**
 * The end of `assay judge run --wait`: one row per trace, in the order they were given, then
 * the pass rate (passRateLine). A run that ended `failure` shows why in place of the reasoning.
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

/**
 * `passed 7 of 10 (70.0%)`, over the runs that gave a verdict: a run that ended `failure` (the
 * judge could not answer) is neither a pass nor a fail, so it is said apart, and when every run
 * ended so there is no rate at all.
 */
export function passRateLine({ passed, total, errors }: VerdictCounts): string {
  const judged = total - errors;
  if (errors > 0 && judged === 0)
    return `no verdicts: all ${errors} run${errors === 1 ? "" : "s"} errored (the status column says why)`;
  const rate = `(${percent(judged === 0 ? 0 : passed / judged)})`;
  if (errors === 0) return `passed ${passed} of ${judged} ${rate}`;
  return `passed ${passed} of ${judged} judged ${rate}; ${errors} run${errors === 1 ? "" : "s"} errored`;
}
