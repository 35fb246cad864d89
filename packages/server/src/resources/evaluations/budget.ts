import type { EvaluationOptions } from "./to-evaluation.ts";

/**
 * A run's budget (`max_cost_usd`): once the cost of the answers it has stored reaches it, the run
 * stops as a `failure` that keeps them, saying so. Only the model's own calls count (what
 * `cost_usd` sums); answers from the response cache cost nothing, and calls still in flight when
 * it stops are not stored, so they are not counted either.
 */

/** Dollars as a budget message shows them: cents, or two significant digits below ten cents. */
export function dollars(usd: number): string {
  return usd >= 0.1 || usd === 0 ? `$${usd.toFixed(2)}` : `$${usd.toPrecision(2)}`;
}

/**
 * Why the run stops now, or undefined while it is within its budget (or has none). A run whose
 * last answers take it to its budget has finished: nothing is left to stop, so it ends as usual.
 */
export function budgetStop(
  options: Pick<EvaluationOptions, "max_cost_usd">,
  run: { costUsd: number | null; done: number; total: number },
): string | undefined {
  const budget = options.max_cost_usd ?? null;
  if (budget === null || run.costUsd === null || run.done >= run.total) return undefined;
  if (run.costUsd < budget) return undefined;
  return `stopped at its budget: ${dollars(run.costUsd)} spent of ${dollars(budget)}`;
}
