import { describe, expect, it } from "vitest";
import { extractMmluProLetter, mmluPro } from "../../src/engine/scorers/mmlu-pro.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `mmlu_pro` against the MMLU-Pro authors' three-tier extraction (agreement/references/
 * mmlu_pro.py, run by Python's `re`), and its first tier against lm-eval 0.4.13's own mmlu_pro
 * filter pattern: the same letter and verdict on every response of the fixture.
 */
interface Case {
  response: string;
  truth: string;
  [key: string]: unknown;
}
interface Verdict {
  passed: boolean;
  letter: string | null;
  lm_eval: string | null;
}

describe("mmlu_pro agrees with the MMLU-Pro authors' extraction", () => {
  it("extracts the same letter and gives the same verdict on every response", async () => {
    const cases = readAgreementFixture<Case>("mmlu_pro");
    const reference = await referenceVerdicts<Verdict>("mmlu_pro", cases);
    const disagreements = cases.flatMap((c, i) => {
      const ref = reference[i]!;
      const letter = extractMmluProLetter(c.response);
      const passed = mmluPro({ response: c.response, truth: c.truth, prompt: "" }).passed;
      const ok = passed === ref.passed && (letter?.letter ?? null) === ref.letter;
      // Wherever lm-eval's filter finds a letter, it is the one the authors' first tier finds.
      const lmEvalOk =
        ref.lm_eval === null || (letter?.tier === "answer is" && letter.letter === ref.lm_eval);
      return ok && lmEvalOk ? [] : [{ ...c, assay: { passed, letter }, reference: ref }];
    });
    expect(disagreements).toEqual([]);
    const passed = reference.filter((v) => v.passed).length;
    expect(passed).toBeGreaterThan(cases.length / 4);
    expect(cases.length - passed).toBeGreaterThan(cases.length / 4);
    expect(reference.filter((v) => v.letter === null).length).toBeGreaterThan(0);
    expect(reference.filter((v) => v.lm_eval !== null).length).toBeGreaterThan(10);
  });
});
