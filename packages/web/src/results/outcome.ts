import type { Result } from "@assay/protocol";
import type { Outcome } from "./results-search.ts";

/** A model-call error is its own outcome (the API counts it as failed too). */
export function outcomeOf(result: Result): Outcome {
  if (result.error !== null) return "error";
  return result.passed ? "passed" : "failed";
}
