import type { EvaluationPlan } from "@assay/client";
import { thousands } from "./format.ts";
import { printFields } from "./table.ts";

/**
 * `assay eval run --dry-run`: the planner's figures, then its reasons in its own words (the
 * server writes them once for every client), so the reader sees what each estimate rests on.
 */
export function printPlanReport(plan: EvaluationPlan, benchmark: string): void {
  const { tokens, cost, ci95 } = plan;
  const repeats = plan.repeats > 1 ? ` × ${plan.repeats} repeats` : "";
  printFields([
    ["model", plan.model_key],
    ["benchmark", benchmark],
    ["calls", `${thousands(plan.calls)} (${thousands(plan.prompts)} prompts${repeats})`],
    ["prompt tokens", `${thousands(tokens.prompt)} (estimated)`],
    [
      "completion tokens",
      `${thousands(tokens.completion)} (${thousands(Math.round(tokens.completion_per_call))} an answer, ${tokens.completion_basis === "earlier_run" ? "from an earlier run" : "assumed"}; at most ${thousands(tokens.completion_max)})`,
    ],
    [
      "cost",
      cost.usd === null || cost.max_usd === null
        ? "unknown (no prices for this model)"
        : `${usd(cost.usd)} estimated, at most ${usd(cost.max_usd)} (${cost.price_source === "catalog" ? "catalog prices" : "the model's own prices"})`,
    ],
    ["budget", cost.max_cost_usd === null ? "none" : usd(cost.max_cost_usd)],
    [
      "95% interval",
      `${ci95.kind === "bound" ? "at most " : ""}±${(ci95.half_width * 100).toFixed(1)} points (${ci95.method === "wilson" ? "Wilson" : "clustered by prompt"}; ${ci95.basis === "earlier_run" ? "from an earlier run" : "worst case"})`,
    ],
  ]);
  console.log(`\n${tokens.description}\n\n${cost.description}\n\n${ci95.description}`);
}

/** Dollars: cents, or four significant digits for the small amounts a short run costs. */
function usd(value: number): string {
  return value >= 1 || value === 0 ? `$${value.toFixed(2)}` : `$${value.toPrecision(4)}`;
}
