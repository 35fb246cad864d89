/** Rounds of critique → rewrite, and candidates per round (protocol OPTIMIZATION_BUDGET_PLANS). */
export interface OptimizationPlan {
  rounds: number;
  candidates: number;
}

/**
 * Whether candidate `index` (1-based) of a round is a few-shot variant rather than a rewrite: the
 * last one of a round of three or more. It takes the round's best rewrite (or the best goal so
 * far) and appends labeled training examples, so it needs no optimizer call.
 */
export function isFewShotSlot(plan: OptimizationPlan, index: number): boolean {
  return plan.candidates >= 3 && index === plan.candidates;
}

/**
 * The model calls a run makes at most: every candidate and the baseline judged on the training
 * set, the baseline and the best candidate on the held-out set, one optimizer call per rewrite
 * (repair turns not counted). A run that runs out of disagreements early makes fewer.
 */
export function plannedCalls(
  plan: OptimizationPlan,
  sizes: { training: number; heldOut: number },
): { judgeCalls: number; optimizerCalls: number } {
  let rewrites = 0;
  for (let c = 1; c <= plan.candidates; c++) if (!isFewShotSlot(plan, c)) rewrites += 1;
  return {
    judgeCalls: (plan.rounds * plan.candidates + 1) * sizes.training + 2 * sizes.heldOut,
    optimizerCalls: plan.rounds * rewrites,
  };
}
