import { describe, expect, it } from "vitest";
import { mathEquiv } from "../../src/engine/scorers/math-equiv.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `math_equiv` (MATH-500, AIME) against lm-eval 0.4.13's own AIME grading code
 * (agreement/references/math_equiv.py): the same verdict on every response of the fixture.
 */
interface Case {
  response: string;
  truth: string;
}

describe("math_equiv agrees with lm-eval's AIME/Hendrycks grading", () => {
  it("gives the reference's verdict on every response of the fixture", async () => {
    const cases = readAgreementFixture<Case & { [key: string]: unknown }>("math_equiv");
    const reference = await referenceVerdicts("math_equiv", cases);
    const disagreements = cases.flatMap((c, i) => {
      const ours = mathEquiv({ response: c.response, truth: c.truth, prompt: "" }).passed;
      return ours === reference[i]!.passed ? [] : [{ ...c, assay: ours, reference: !ours }];
    });
    expect(disagreements).toEqual([]);
    const passed = reference.filter((v) => v.passed).length;
    // Both verdicts are well represented, so agreement is not agreement on a constant.
    expect(passed).toBeGreaterThan(cases.length / 4);
    expect(cases.length - passed).toBeGreaterThan(cases.length / 4);
  });
});
