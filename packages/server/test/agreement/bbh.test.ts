import { describe, expect, it } from "vitest";
import { bbh, extractBbhAnswer } from "../../src/engine/scorers/bbh.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `bbh` against lm-eval 0.4.13's own BBH chain-of-thought grading (agreement/references/bbh.py:
 * its RegexFilter with the task file's strict-match pattern, its exact_match with the template's
 * flags): the same extraction and verdict on every response of the fixture.
 */
interface Case {
  response: string;
  truth: string;
  [key: string]: unknown;
}

describe("bbh agrees with lm-eval's BBH grading", () => {
  it("extracts the same answer and gives the same verdict on every response", async () => {
    const cases = readAgreementFixture<Case>("bbh");
    const reference = await referenceVerdicts<{ passed: boolean; extracted: string }>("bbh", cases);
    const disagreements = cases.flatMap((c, i) => {
      const extracted = extractBbhAnswer(c.response);
      const passed = bbh({ response: c.response, truth: c.truth, prompt: "" }).passed;
      const ref = reference[i]!;
      return passed === ref.passed && extracted === ref.extracted
        ? []
        : [{ ...c, assay: { passed, extracted }, reference: ref }];
    });
    expect(disagreements).toEqual([]);
    const passed = reference.filter((v) => v.passed).length;
    expect(passed).toBeGreaterThan(cases.length / 4);
    expect(cases.length - passed).toBeGreaterThan(cases.length / 4);
  });
});
