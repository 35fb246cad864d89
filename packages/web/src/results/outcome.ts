import type { Result } from "@assay/protocol";
import type { Outcome } from "./results-search.ts";

/**
 * A model-call error is its own outcome (the API counts it as failed too). A prompt asked several
 * times reads as the API filters it: `error` when any answer failed to be answered or scored,
 * `passed` when every answer passed, else `failed` (whether its answers disagree is `isFlaky`).
 */
export function outcomeOf(result: Result): Exclude<Outcome, "flaky"> {
  if (result.error !== null || result.repeats?.some((a) => a.error !== null)) return "error";
  return result.passed ? "passed" : "failed";
}

/** A prompt whose answers disagree: some right, some not (the API's `flaky` filter). */
export function isFlaky(result: Result): boolean {
  const answers = result.repeats ?? [];
  return answers.some((a) => a.passed) && answers.some((a) => !a.passed);
}
