import { describe, expect, it } from "vitest";
import { budgetStop, dollars } from "./budget.ts";

describe("a run's budget", () => {
  it("stops a run whose cost reached it while prompts are left", () => {
    const budget = { max_cost_usd: 0.5 };
    expect(budgetStop(budget, { costUsd: 0.49, done: 9, total: 20 })).toBeUndefined();
    expect(budgetStop(budget, { costUsd: 0.5, done: 10, total: 20 })).toBe(
      "stopped at its budget: $0.50 spent of $0.50",
    );
    expect(budgetStop(budget, { costUsd: 0.523, done: 11, total: 20 })).toBe(
      "stopped at its budget: $0.52 spent of $0.50",
    );
  });

  it("lets a finished run end as usual, and ignores runs without a budget or a cost", () => {
    expect(
      budgetStop({ max_cost_usd: 0.5 }, { costUsd: 0.7, done: 20, total: 20 }),
    ).toBeUndefined();
    expect(budgetStop({ max_cost_usd: null }, { costUsd: 9, done: 1, total: 20 })).toBeUndefined();
    expect(budgetStop({}, { costUsd: 9, done: 1, total: 20 })).toBeUndefined();
    expect(
      budgetStop({ max_cost_usd: 0.5 }, { costUsd: null, done: 1, total: 20 }),
    ).toBeUndefined();
  });

  it("writes dollars as cents, and small amounts with two significant digits", () => {
    expect([0.52, 0.1, 1234.5, 0].map(dollars)).toEqual(["$0.52", "$0.10", "$1234.50", "$0.00"]);
    expect([0.05, 0.054, 0.0012, 0.099].map(dollars)).toEqual([
      "$0.05",
      "$0.054",
      "$0.0012",
      "$0.099",
    ]);
  });
});
