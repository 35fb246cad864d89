import type { RunMatrixFilter } from "@assay/protocol";
import type { PromptOutcomes } from "./run-matrix-repository.ts";

/**
 * Whether a prompt's row is kept by the filter. `run` is the index of the run that `alone_fails`
 * and `alone_passes` single out. An error is a wrong answer here as in the accuracy: a run that
 * could not answer did not get the prompt right.
 */
export function keepsRow(filter: RunMatrixFilter, row: PromptOutcomes, run: number): boolean {
  const right = row.outcomes.map((o) => o === "pass");
  const rightCount = right.filter(Boolean).length;
  switch (filter) {
    case "all":
      return true;
    case "disagree":
      return rightCount > 0 && rightCount < right.length;
    case "all_fail":
      return rightCount === 0;
    case "alone_fails":
      return !right[run] && rightCount === right.length - 1;
    case "alone_passes":
      return right[run] === true && rightCount === 1;
  }
}
