import { describe, expect, it } from "vitest";
import { wordTokenize } from "./word-tokenize.ts";

// Expected values are NLTK 3.10.4's `nltk.word_tokenize`.
describe("wordTokenize", () => {
  it("splits contractions, keeps abbreviations and splits the final period", () => {
    expect(wordTokenize("I DON'T know U.S.A. it's $5.00.")).toEqual([
      "I",
      "DO",
      "N'T",
      "know",
      "U.S.A.",
      "it",
      "'s",
      "$",
      "5.00",
      ".",
    ]);
  });

  it("turns double quotes into `` and '' and splits dashes and brackets", () => {
    expect(wordTokenize('"Hello," she said -- twice (really).')).toEqual([
      "``",
      "Hello",
      ",",
      "''",
      "she",
      "said",
      "--",
      "twice",
      "(",
      "really",
      ")",
      ".",
    ]);
  });

  it("splits MacIntyre's contractions, case-insensitively", () => {
    expect(wordTokenize("Gimme more, I cannot wait. 'Tis true.")).toEqual([
      "Gim",
      "me",
      "more",
      ",",
      "I",
      "can",
      "not",
      "wait",
      ".",
      "'",
      "Tis",
      "true",
      ".",
    ]);
  });

  it("splits non-ASCII dashes but keeps decimal commas", () => {
    expect(wordTokenize("Café prices: 3,50 € — cheap!")).toEqual([
      "Café",
      "prices",
      ":",
      "3,50",
      "€",
      "—",
      "cheap",
      "!",
    ]);
  });

  it("gives no token for empty text", () => {
    expect(wordTokenize("")).toEqual([]);
  });
});
