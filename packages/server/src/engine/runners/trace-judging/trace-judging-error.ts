/**
 * A trace that cannot be judged as configured, for a reason a user can act on (the judge model's
 * context is too small for the goal). The message says what to change.
 */
export class TraceJudgingError extends Error {
  override name = "TraceJudgingError";
}
