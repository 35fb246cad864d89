import type { EvaluationPlan } from "@assay/client";
import { describe, expect, it } from "vitest";
import { budgetText, callsText, costText, intervalText, tokensText } from "./plan-text.ts";

const plan = (patch: Partial<EvaluationPlan> = {}): EvaluationPlan =>
  ({
    prompts: 30,
    repeats: 2,
    calls: 60,
    tokens: { prompt: 2280, completion: 6000 },
    cost: { usd: 0.42, max_usd: 1.2, max_cost_usd: null },
    ci95: { half_width: 0.0962, kind: "bound" },
    ...patch,
  }) as EvaluationPlan;

describe("the plan panel's words", () => {
  it("state calls, tokens, cost and the interval", () => {
    expect(callsText(plan())).toBe("60 (30 prompts × 2 repeats)");
    expect(callsText(plan({ repeats: 1, calls: 30 }))).toBe("30 (one per prompt)");
    expect(tokensText(plan())).toBe("2,280 prompt + 6,000 completion");
    expect(costText(plan())).toBe("$0.42 (at most $1.20)");
    expect(intervalText(plan())).toBe("at most ±9.6 points");
    const expected = plan({ ci95: { ...plan().ci95, kind: "expected" } });
    expect(intervalText(expected)).toBe("±9.6 points expected");
  });

  it("say when there is no cost, and whether a budget covers it", () => {
    const unpriced = plan({ cost: { ...plan().cost, usd: null, max_usd: null } });
    expect(costText(unpriced)).toBe("unknown: the model has no prices");
    expect(budgetText(plan())).toBeNull();
    expect(budgetText(plan({ cost: { ...plan().cost, max_cost_usd: 1 } }))).toBe(
      "$1.00: covers the estimate",
    );
    expect(budgetText(plan({ cost: { ...plan().cost, max_cost_usd: 0.25 } }))).toBe(
      "$0.25: below the estimate, so the run will likely stop at it",
    );
  });
});
