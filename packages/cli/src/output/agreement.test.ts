import type { Agreement, JudgeOptimizationRun } from "@assay/client";
import { describe, expect, it } from "vitest";
import { agreementText } from "./agreement.ts";
import { splitText } from "./optimization-report.ts";

type SplitAgreement = NonNullable<JudgeOptimizationRun["assay"]>["baseline"]["held_out"];

const agreement = (patch: Partial<Agreement>): Agreement => ({
  annotation_count: 10,
  compared: 10,
  agreements: 9,
  accuracy: 0.9,
  accuracy_interval: { low: 0.596, high: 0.982 },
  kappa: 0.8,
  kappa_interval: { low: 0.42, high: 1 },
  ...patch,
});

describe("agreement lines", () => {
  it("print κ with its interval", () => {
    expect(agreementText(agreement({}))).toBe(
      "accuracy 90.0% (95% CI 59.6%–98.2%), κ 0.80 (95% CI 0.42–1.00), over 10 of 10 labels",
    );
  });

  it("say why κ is undefined, as the server gives it", () => {
    const reason = "every label is pass";
    expect(
      agreementText(
        agreement({ kappa: null, kappa_interval: null, kappa_undefined_reason: reason }),
      ),
    ).toBe(`accuracy 90.0% (95% CI 59.6%–98.2%), κ undefined (${reason}), over 10 of 10 labels`);
    const split: SplitAgreement = {
      count: 12,
      accuracy: 0.5,
      accuracy_interval: { low: 0.254, high: 0.746 },
      kappa: null,
      kappa_interval: null,
      kappa_undefined_reason: reason,
    };
    expect(splitText(split)).toBe(`accuracy 50.0% (95% CI 25.4%–74.6%), κ undefined (${reason})`);
  });
});
