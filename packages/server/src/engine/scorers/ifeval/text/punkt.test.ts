import { describe, expect, it } from "vitest";
import { countSentences, sentenceTokenize } from "./punkt.ts";

// Expected values are NLTK 3.10.4's (`nltk.sent_tokenize`, English punkt_tab model).
describe("sentenceTokenize", () => {
  it("does not break after a known abbreviation", () => {
    expect(
      sentenceTokenize("Mr. Smith went to Washington. He arrived at 3 p.m. and left."),
    ).toEqual(["Mr. Smith went to Washington.", "He arrived at 3 p.m. and left."]);
  });

  it("breaks after an abbreviation when the next word starts sentences", () => {
    expect(sentenceTokenize("I live in the U.S. It is big.")).toEqual([
      "I live in the U.S.",
      "It is big.",
    ]);
  });

  it("keeps initials with the name they belong to", () => {
    expect(sentenceTokenize("J. R. R. Tolkien wrote it. He was British.")).toEqual([
      "J. R. R. Tolkien wrote it.",
      "He was British.",
    ]);
  });

  it("moves closing quotes and brackets into the sentence they close", () => {
    expect(sentenceTokenize('(How are you?) "Fine." Thanks!')).toEqual([
      "(How are you?)",
      '"Fine."',
      "Thanks!",
    ]);
  });

  it("treats runs of ? and ! and ellipses as NLTK does", () => {
    expect(sentenceTokenize("Wait... what? Really!!! Yes.")).toEqual([
      "Wait... what?",
      "Really!!!",
      "Yes.",
    ]);
  });
});

describe("countSentences", () => {
  it("finds no sentence in empty or blank text", () => {
    expect(countSentences("")).toBe(0);
    expect(countSentences("  \n ")).toBe(0);
  });

  it("counts a text without final punctuation as one sentence", () => {
    expect(countSentences("No punctuation at all")).toBe(1);
  });
});
