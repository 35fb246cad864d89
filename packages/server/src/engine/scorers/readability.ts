/**
 * Syllables in one English word, by the usual vowel-group heuristic: count runs of vowels (y
 * included), then correct for the silent final "e" ("make" = 1, but "table" = 2), the silent "-es"
 * and "-ed" endings ("makes", "jumped", "played" = 1, but "wanted", "horses" keep theirs), and never go below
 * one. It is right for most common words and off by one on some (about 85–90% exact on
 * dictionary words); averaged over a text, the errors mostly cancel.
 */
export function countSyllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (w.length === 0) return 1; // numbers and symbols are read as one syllable
  if (w.length <= 3) return 1;
  if (/[^aeiouy]es$/.test(w) && !/(?:[cs]h|[sxzc]|g)es$/.test(w)) w = w.slice(0, -2);
  else if (/ed$/.test(w) && !/[td]ed$/.test(w)) w = w.slice(0, -2);
  else if (/[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) w = w.slice(0, -1);
  const groups = w.match(/[aeiouy]+/g)?.length ?? 0;
  return Math.max(1, groups);
}

/**
 * Flesch Reading Ease mapped to 0..1: FRE = 206.835 − 1.015 × words/sentence − 84.6 ×
 * syllables/word, clamped to [0, 100] (the scale's published range; short monosyllabic text goes
 * above it, dense technical text below) and divided by 100, so 1 is easiest. Null when the text
 * has no words. Sentences end at `.`, `!`, `?` or a blank line; text without any is one sentence.
 * The formula and the syllable heuristic are for English.
 */
export function readability(text: string): number | null {
  const words = text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
  if (words.length === 0) return null;
  const sentences = Math.max(
    1,
    text.split(/[.!?]+(?=\s|$)|\n\s*\n/).filter((part) => /[\p{L}\p{N}]/u.test(part)).length,
  );
  const syllables = words.reduce((sum, word) => sum + countSyllables(word), 0);
  const ease = 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syllables / words.length);
  return Math.min(100, Math.max(0, ease)) / 100;
}
