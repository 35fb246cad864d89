import { exactMatch } from "./exact-match.ts";
import { normalizeAnswer } from "./normalize-answer.ts";
import { clipReason, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Words that may follow an option letter used as an answer ("A is correct", "A because …"). Any
 * other lowercase word after "A", "I" or a lowercase letter means the letter is an English word —
 * the article or the pronoun ("A train leaves …", "I think …", "the answer is a bit …").
 */
const CONNECTORS = new Set([
  "and",
  "appears",
  "as",
  "because",
  "best",
  "but",
  "correct",
  "correctly",
  "fits",
  "here",
  "is",
  "looks",
  "matches",
  "must",
  "or",
  "right",
  "seems",
  "should",
  "since",
  "so",
  "therefore",
  "was",
  "which",
  "would",
]);

/**
 * Explicit answers: "The answer is (B)", "Answer: b", "Final answer: **C**", "the correct option is
 * D", `\boxed{B}`. (Verbs such as "choose" are left out: models restate "Choose A, B, C or D".) Every quantifier between the anchor and the letter is bounded or
 * runs over a class disjoint from its neighbour's, so a response cannot make this backtrack.
 */
const EXPLICIT =
  /\b(?:answer|correct (?:option|choice)|best (?:option|choice))\b(?:\s{1,4}(?:is|was|would be|should be|will be|must be))?[\s:=\-–]{0,8}(?:(?:option|choice|letter)\s{1,4})?[*_`"'([{]{0,4}([A-Za-z])(?![A-Za-z0-9])|\\boxed\{\s{0,4}(?:\\text\{)?\s{0,4}([A-Za-z])\s{0,4}\}/gi;

/** A line that is only a letter, with decoration: "B", "(B)", "**B**", "B.", "b)". */
const BARE_LINE = /^[\s*_`"'([{]{0,6}([A-Za-z])[\s*_`"')\]}.:]{0,6}$/;

/** A line that starts with a labelled option: "B) Paris", "(C) Rome", "**D.** Berlin". */
const LABELLED_LINE = /^[\s*_([]{0,4}([A-Za-z])[*_)\]]{0,3}[.):][*_]{0,2}\s/;

/** Letters marked as labels inside running text: "(C)", "**D**", "[B]", "it's C) Paris". */
const DECORATED = /\(([A-Za-z])\)|\*\*([A-Za-z])\*\*|\[([A-Za-z])\]|(?<![\w(])([A-Z])\)/g;

/** A capital letter on its own, not part of a word or a contraction ("I'm", "A's"). */
const STANDALONE = /(?<![\w'’])([A-Z])(?![\w'’])/g;

export interface ChosenLetter {
  letter: string;
  how: "explicit answer" | "answer line" | "labelled option" | "marked letter" | "last letter";
}

/**
 * The option letters a question can have: from its options when known, else from the character
 * class of the benchmark pattern (`\b([A-D])\b` → A–D, `[ABC]` → A–C), else A–Z.
 */
export function validLetters(
  pattern: string | null | undefined,
  options: readonly string[] | null | undefined,
): Set<string> {
  if (options && options.length > 0) {
    return new Set(LETTERS.slice(0, Math.min(options.length, LETTERS.length)));
  }
  const range = pattern ? /\[([A-Z])-([A-Z])\]/.exec(pattern) : null;
  if (range) {
    const from = LETTERS.indexOf(range[1]!);
    const to = LETTERS.indexOf(range[2]!);
    if (from <= to) return new Set(LETTERS.slice(from, to + 1));
  }
  const list = pattern ? /\[([A-Z]{2,26})\]/.exec(pattern) : null;
  if (list) return new Set(list[1]);
  return new Set(LETTERS);
}

/** "B", "b", "(B)", "B.", "**B**" → "B"; anything else → null. */
export function parseOptionLetter(text: string): string | null {
  const match = /^[\s*_`"'([{]*([A-Za-z])[\s*_`"')\]}.:]*$/.exec(text.normalize("NFKC"));
  return match ? match[1]!.toUpperCase() : null;
}

/** True when the letter at `index` is used as an English word, not as an option label. */
function readsAsWord(text: string, index: number): boolean {
  const letter = text[index]!;
  if (letter !== "A" && letter !== "I" && letter.toUpperCase() === letter) return false;
  const next = /^\s+([a-z][a-z'’]*)/.exec(text.slice(index + 1, index + 40));
  return next !== null && !CONNECTORS.has(next[1]!);
}

function lastAccepted(
  text: string,
  regex: RegExp,
  valid: Set<string>,
  checkWords: boolean,
): string | null {
  let chosen: string | null = null;
  for (const match of text.matchAll(regex)) {
    const groupIndex = match.findIndex((value, i) => i > 0 && value !== undefined);
    if (groupIndex < 0) continue;
    const letter = match[groupIndex]!;
    if (!valid.has(letter.toUpperCase())) continue;
    // Nothing after the letter in a match is a letter, so its last occurrence is the letter.
    const index = match.index + match[0].lastIndexOf(letter);
    if (checkWords && readsAsWord(text, index)) continue;
    chosen = letter.toUpperCase();
  }
  return chosen;
}

/**
 * The option letter a response chose, from the strongest signal present: an explicit answer
 * phrase, then a line that is only a letter (the last line, then the first), then a single line
 * that starts with a labelled option, then a letter marked as a label in the text, then the last
 * capital letter standing alone. Later signals of the same strength win: models restate options
 * and reason about them before answering.
 */
export function findChosenLetter(response: string, valid: Set<string>): ChosenLetter | null {
  const text = response.normalize("NFKC");
  const explicit = lastAccepted(text, EXPLICIT, valid, true);
  if (explicit) return { letter: explicit, how: "explicit answer" };

  const lines = text.split("\n").filter((line) => line.trim() !== "");
  for (const line of [lines.at(-1), lines[0]]) {
    const letter = line === undefined ? null : BARE_LINE.exec(line)?.[1]?.toUpperCase();
    if (letter && valid.has(letter)) return { letter, how: "answer line" };
  }

  const labelled = lines
    .map((line) => LABELLED_LINE.exec(line))
    .filter((match) => match !== null && valid.has(match[1]!.toUpperCase()));
  // Several labelled lines are the option list restated, and a line that goes on to mark other
  // letters ("(A) and (B) are wrong; (D)") is a discussion of the options: neither is a choice.
  const only = labelled.length === 1 ? labelled[0]! : null;
  if (only && lastAccepted(only.input.slice(only[0].length), DECORATED, valid, false) === null) {
    return { letter: only[1]!.toUpperCase(), how: "labelled option" };
  }

  const decorated = lastAccepted(text, DECORATED, valid, false);
  if (decorated) return { letter: decorated, how: "marked letter" };

  const standalone = lastAccepted(text, STANDALONE, valid, true);
  if (standalone) return { letter: standalone, how: "last letter" };
  return null;
}

/** The option whose text is the only one the response mentions, when no letter was given. */
function findChosenOption(response: string, options: readonly string[]): string | null {
  const text = normalizeAnswer(response);
  const mentioned = options.flatMap((option, index) => {
    const needle = normalizeAnswer(option);
    return needle !== "" && text.includes(needle) ? [LETTERS[index]!] : [];
  });
  return mentioned.length === 1 ? mentioned[0]! : null;
}

/** The truth as a letter: written as one ("B", "(b)"), or the text of one of the known options. */
function truthLetter(truth: string, options: readonly string[] | null | undefined): string | null {
  const letter = parseOptionLetter(truth);
  if (letter) return letter;
  const index = options?.findIndex((option) => normalizeAnswer(option) === normalizeAnswer(truth));
  return index !== undefined && index >= 0 ? (LETTERS[index] ?? null) : null;
}

/**
 * The response chose the truth's option letter. The letter is found robustly (findChosenLetter),
 * among the letters the question can have; option texts help when known and are never required.
 * A truth that is not a letter (a custom benchmark storing the option text without the options)
 * falls back to exact match, so the benchmark still scores instead of failing every sample.
 */
export function multipleChoice(input: ScoreInput): ScoreResult {
  const truth = truthLetter(input.truth, input.options);
  if (truth === null) {
    const fallback = exactMatch({ ...input, regexPattern: null });
    return { ...fallback, reason: clipReason(`truth is not an option letter; ${fallback.reason}`) };
  }
  const valid = validLetters(input.regexPattern, input.options);
  valid.add(truth);
  const response = stripReasoning(input.response);
  const chosen = findChosenLetter(response, valid);
  if (chosen === null) {
    const byText = input.options ? findChosenOption(response, input.options) : null;
    if (byText === null) return verdict(false, "no option letter found in response", null);
    const passed = byText === truth;
    return verdict(passed, `chose ${byText} (by option text), truth ${truth}`, byText);
  }
  const passed = chosen.letter === truth;
  return verdict(passed, `chose ${chosen.letter} (${chosen.how}), truth ${truth}`, chosen.letter);
}
