import type { ComparisonStats, Evaluation } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import {
  baselineCheck,
  checkGateCriteria,
  GateError,
  gateReport,
  thresholdCheck,
} from "../src/resources/evaluation-gate.ts";

/** The gate's rules at their edges: where an interval sits against its line decides. */

const stats = (low: number, high: number, difference = (low + high) / 2) =>
  ({
    difference,
    difference_interval: { low, high },
    pairs: 100,
    method: "mcnemar_tango",
  }) as ComparisonStats;

const run = (accuracy: number, low: number, high: number) =>
  ({
    id: "e1",
    status: "success",
    model_key: "acme/m",
    model_name: "M",
    model_id: "m",
    dataset_name: "GSM8K",
    dataset_id: "b",
    accuracy,
    assay: { accuracy_ci95: { low, high }, progress: { total: 100 } },
  }) as unknown as Evaluation;

describe("baselineCheck", () => {
  it("fails only when the whole interval of new − baseline lies below −margin", () => {
    expect(baselineCheck("b", 0.02, stats(-0.1, -0.0201)).verdict).toBe("fail");
    expect(baselineCheck("b", 0.02, stats(-0.1, -0.02)).verdict).toBe("inconclusive");
    expect(baselineCheck("b", 0.02, stats(-0.02, 0.05)).verdict).toBe("pass");
    expect(baselineCheck("b", 0, stats(-0.001, 0.05)).verdict).toBe("inconclusive");
    expect(baselineCheck("b", 0, stats(0, 0.05)).verdict).toBe("pass");
  });

  it("says why, in points", () => {
    expect(baselineCheck("b", 0.02, stats(-0.3, -0.1, -0.2)).reason).toBe(
      "−20.0 pts vs baseline, 95% CI [−30.0 pts, −10.0 pts] over 100 paired prompts: worse than the baseline by more than 2.0 pts",
    );
  });
});

describe("thresholdCheck", () => {
  it("fails only when the whole accuracy interval lies below the threshold", () => {
    expect(thresholdCheck(0.7, run(0.6, 0.5, 0.69)).verdict).toBe("fail");
    expect(thresholdCheck(0.7, run(0.68, 0.6, 0.75)).verdict).toBe("inconclusive");
    expect(thresholdCheck(0.7, run(0.8, 0.7, 0.88)).verdict).toBe("pass");
  });
});

describe("gateReport", () => {
  it("fails on any failure, else is inconclusive on any inconclusive; inconclusive passes unless told", () => {
    const pass = thresholdCheck(0.5, run(0.8, 0.7, 0.88));
    const unsure = thresholdCheck(0.75, run(0.8, 0.7, 0.88));
    const fail = thresholdCheck(0.9, run(0.8, 0.7, 0.88));
    const evaluation = run(0.8, 0.7, 0.88);
    expect(gateReport(evaluation, [pass, fail, unsure], false)).toMatchObject({
      verdict: "fail",
      passed: false,
    });
    expect(gateReport(evaluation, [pass, unsure], false)).toMatchObject({
      verdict: "inconclusive",
      passed: true,
    });
    expect(gateReport(evaluation, [pass, unsure], true)).toMatchObject({
      verdict: "inconclusive",
      passed: false,
    });
    expect(gateReport(evaluation, [pass], true)).toMatchObject({ verdict: "pass", passed: true });
    expect(gateReport(evaluation, [pass], false).summary).toMatch(
      /^gate PASS: acme\/m on GSM8K \(e1\): accuracy 80\.0%/,
    );
  });
});

describe("checkGateCriteria", () => {
  it("names what is wrong", () => {
    const cases: [Parameters<typeof checkGateCriteria>[0], RegExp][] = [
      [{}, /needs a baseline/],
      [{ minAccuracy: -0.1 }, /minAccuracy/],
      [{ minAccuracy: Number.NaN }, /minAccuracy/],
      [{ baseline: "b", margin: 1 }, /margin/],
      [{ minAccuracy: 0.5, margin: 0.1 }, /margin goes with a baseline/],
      [{ minAccuracy: 0.5, confidence: 0.9 }, /confidence must be 0.95/],
    ];
    for (const [criteria, message] of cases) {
      expect(() => checkGateCriteria(criteria), JSON.stringify(criteria)).toThrow(GateError);
      expect(() => checkGateCriteria(criteria)).toThrow(message);
    }
    expect(() =>
      checkGateCriteria({ baseline: "b", margin: 0, minAccuracy: 1, confidence: 0.95 }),
    ).not.toThrow();
  });
});
