import type { EvaluationOptions } from "./to-evaluation.ts";

/**
 * A run's budget (`max_cost_usd`): once the cost of the answers it has stored reaches it, the run
 * stops as a `failure` that keeps them, saying so. Only the model's own calls count (what
 * `cost_usd` sums); answers from the response cache cost nothing, and calls still in flight when
 * it stops are not stored, so they are not counted either.
 */

/**
 * Dollars as a budget message shows them: cents ($0.52), and below ten cents two significant
 * digits ($0.054, $0.0012) without trailing zeros past the cents ($0.05).
 */
export function dollars(usd: number): string {
  if (usd >= 0.1 || usd <= 0) return `$${usd.toFixed(2)}`;
  const digits = Math.min(20, Math.max(2, 1 - Math.floor(Math.log10(usd))));
  return `$${usd.toFixed(digits).replace(/(\.\d\d\d*?)0+$/, "$1")}`;
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
