import { describe, expect, it } from "vitest";
import {
  detectLanguage,
  LangDetectError,
} from "../../src/engine/scorers/ifeval/text/langdetect.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `detectLanguage` against langdetect 1.0.9 with `DetectorFactory.seed = 0`
 * (agreement/references/langdetect.py: `langdetect.detect`, None on LangDetectException): the
 * same language, or the same failure, on every response of the fixture, including the short and
 * ambiguous ones where the seeded random walk decides.
 */
interface Verdict {
  passed: boolean;
  language: string | null;
}

function assayLanguage(text: string): string | null {
  try {
    return detectLanguage(text);
  } catch (error) {
    if (error instanceof LangDetectError) return null;
    throw error;
  }
}

describe("detectLanguage agrees with langdetect", () => {
  it("detects the same language on every response", async () => {
    const cases = readAgreementFixture("langdetect");
    const reference = await referenceVerdicts<Verdict>("langdetect", cases);
    const disagreements = cases.flatMap((c, i) => {
      const language = assayLanguage(c.response);
      const ref = reference[i]!;
      return language === ref.language
        ? []
        : [{ response: c.response, assay: language, reference: ref.language }];
    });
    expect(disagreements).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(reference.map((v) => v.language)).size).toBeGreaterThan(40);
  });
});
