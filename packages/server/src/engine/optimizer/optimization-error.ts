/**
 * An optimization that cannot produce a result, for a reason a user can act on (the optimizer
 * model never wrote a usable goal). The message says what happened; the run's logs say more.
 */
export class OptimizationError extends Error {
  override name = "OptimizationError";
}
