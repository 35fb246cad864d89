import { describe, expect, it } from "vitest";
import { countSentences } from "../../src/engine/scorers/ifeval/text/punkt.ts";
import { wordTokenize } from "../../src/engine/scorers/ifeval/text/word-tokenize.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `countSentences` and `wordTokenize` against NLTK 3.10.4 as lm-eval 0.4.13's IFEval runs it
 * (agreement/references/nltk_tokenize.py: lm-eval's own `count_sentences` and
 * `nltk.word_tokenize`): the same count and the same tokens on every response of the fixture.
 */
interface Verdict {
  passed: boolean;
  sentences: number;
  words: string[];
}

describe("the NLTK tokenizers agree with NLTK", () => {
  it("counts the same sentences and splits the same words on every response", async () => {
    const cases = readAgreementFixture("nltk_tokenize");
    const reference = await referenceVerdicts<Verdict>("nltk_tokenize", cases);
    const disagreements = cases.flatMap((c, i) => {
      const sentences = countSentences(c.response);
      const words = wordTokenize(c.response);
      const ref = reference[i]!;
      return sentences === ref.sentences && JSON.stringify(words) === JSON.stringify(ref.words)
        ? []
        : [{ response: c.response, assay: { sentences, words }, reference: ref }];
    });
    expect(disagreements).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });
});
