import { describe, expect, it } from "vitest";
import { countSyllables, readability } from "./readability.ts";

describe("countSyllables", () => {
  it.each([
    ["cat", 1],
    ["make", 1],
    ["table", 2],
    ["jumped", 1],
    ["wanted", 2],
    ["horses", 2],
    ["banana", 3],
    ["readability", 5],
    ["42", 1],
  ])("%s has %i", (word, syllables) => {
    expect(countSyllables(word)).toBe(syllables);
  });
});

describe("readability", () => {
  it("scores simple text as easy", () => {
    // 6 words, 1 sentence, 6 syllables: FRE = 116.1, clamped to 100.
    expect(readability("The cat sat on the mat.")).toBe(1);
  });

  it("scores dense polysyllabic text as hard", () => {
    const text =
      "Notwithstanding considerable methodological heterogeneity, comprehensive epidemiological " +
      "investigations unequivocally demonstrate substantial intergenerational socioeconomic " +
      "immobility characterizing institutionalized populations.";
    expect(readability(text)).toBe(0);
  });

  it("matches the formula on a mid-range text", () => {
    // 13 words, 2 sentences, 19 syllables (yellow, stranger, opened, window, quickly, today: 2):
    // FRE = 206.835 − 1.015 × 13/2 − 84.6 × 19/13 = 76.59.
    const text = "The yellow dog barked at a stranger. We opened the window quickly today.";
    expect(readability(text)).toBeCloseTo(
      (206.835 - 1.015 * (13 / 2) - 84.6 * (19 / 13)) / 100,
      12,
    );
    expect(readability(text)).toBeCloseTo(0.7659, 4);
  });

  it("is null for text without words", () => {
    expect(readability("")).toBeNull();
    expect(readability("   \n ... !!")).toBeNull();
  });
});
