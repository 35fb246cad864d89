import type { EvaluationPlan } from "@assay/client";
import { usd } from "../shared/format.ts";

/** A plan's figures as the form's panel states them; the reasons are the server's own words. */

const whole = (n: number) => Math.round(n).toLocaleString("en-US");

/** "60 (30 prompts × 2 repeats)", or "30 (one per prompt)". */
export function callsText(plan: EvaluationPlan): string {
  const how =
    plan.repeats > 1
      ? `${whole(plan.prompts)} prompts × ${plan.repeats} repeats`
      : "one per prompt";
  return `${whole(plan.calls)} (${how})`;
}

/** "2,280 prompt + 6,000 completion". */
export function tokensText(plan: EvaluationPlan): string {
  return `${whole(plan.tokens.prompt)} prompt + ${whole(plan.tokens.completion)} completion`;
}

/** "$0.42 (at most $1.20)", or why there is no figure. */
export function costText(plan: EvaluationPlan): string {
  const { usd: estimate, max_usd: most } = plan.cost;
  if (estimate === null || most === null) return "unknown: the model has no prices";
  return `${usd(estimate)} (at most ${usd(most)})`;
}

/** Whether the budget covers the estimate; null without a budget or a cost. */
export function budgetText(plan: EvaluationPlan): string | null {
  const { usd: estimate, max_cost_usd: budget } = plan.cost;
  if (budget === null || estimate === null) return null;
  return estimate < budget
    ? `${usd(budget)}: covers the estimate`
    : `${usd(budget)}: below the estimate, so the run will likely stop at it`;
}

/** "±9.6 points expected", or "at most ±9.8 points" for a bound. */
export function intervalText(plan: EvaluationPlan): string {
  const points = `±${(plan.ci95.half_width * 100).toFixed(1)} points`;
  return plan.ci95.kind === "expected" ? `${points} expected` : `at most ${points}`;
}
