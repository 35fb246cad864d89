/**
 * `nltk.word_tokenize(text)` of NLTK 3.10.4 (English, preserve_line=False): Punkt splits the
 * text into sentences, then NLTKWordTokenizer (nltk/tokenize/destructive.py) splits each one.
 *
 * The tokenizer's substitutions are compiled with the `regex` engine (nltk/redos.py), whose `\w`
 * and `\s` are UTS #18's (see punkt.ts), except the MacIntyre contractions, which use `re` and so
 * `re`'s `\w`, `\s` and case folding. Where a pattern is case-insensitive, the letters are spelled
 * out as the engine folds them: both fold `s` with U+017F (ſ), `k` with U+212A (Kelvin) and `i`
 * with U+0130 (İ), and `re` also folds `i` with U+0131 (ı).
 */

import { PY, splitWhitespace } from "../python-text.ts";
import { PY_END, RX_SPACE, RX_WORD, sentenceTokenize } from "./punkt.ts";

type Rule = [pattern: RegExp, replacement: string];

/** A `(?i)` literal as a class per letter, folded as `engine` folds ASCII letters. */
function caseless(word: string, engine: "re" | "regex"): string {
  const extra: Record<string, string> =
    engine === "re"
      ? { i: "\u0130\u0131", k: "\u212a", s: "\u017f" }
      : { i: "\u0130", k: "\u212a", s: "\u017f" };
  return [...word]
    .map((c) =>
      c.toLowerCase() === c.toUpperCase()
        ? c
        : `[${c.toLowerCase()}${c.toUpperCase()}${extra[c] ?? ""}]`,
    )
    .join("");
}

/** The `regex` engine's `\b`. */
const RX_BOUNDARY = `(?:(?<=[${RX_WORD}])(?![${RX_WORD}])|(?<![${RX_WORD}])(?=[${RX_WORD}]))`;

const rule = (source: string, replacement: string, global = true): Rule => [
  new RegExp(source, global ? "gu" : "u"),
  replacement,
];

const STARTING_QUOTES: Rule[] = [
  rule("([«“‘„]|`+)", " $1 "),
  rule('^"', "``", false),
  rule("(``)", " $1 "),
  rule("([ (\\[{<])(\"|'{2})", "$1 `` "),
  rule(
    `(?<![${RX_WORD}])(')(?!(?:${["re", "ve", "ll", "m", "t", "s", "d", "n"]
      .map((w) => caseless(w, "regex"))
      .join("|")})${RX_BOUNDARY})(?=[${RX_WORD}])`,
    "$1 ",
  ),
];

const PUNCTUATION: Rule[] = [
  // NLTK's `*+` is possessive; a greedy `*` matches the same here, because the only character
  // it could give back to `\s*$` is a space, which that would accept anyway.
  rule(`([^.])(\\.)([\\])}>"'»”’ ]*)[${RX_SPACE}]*${PY_END}`, "$1 $2 $3 "),
  rule("([:,])([^\\p{Nd}])", " $1 $2"),
  rule(`([:,])${PY_END}`, " $1 "),
  rule("\\.{2,}", " $& "),
  rule("[;@#$%&]", " $& "),
  rule("[\\u2012-\\u2015]", " $& "),
  rule(`([^.])(\\.)([\\])}>"']*)[${RX_SPACE}]*${PY_END}`, "$1 $2$3 "),
  rule("[?!]", " $& "),
  rule("([^'])' ", "$1 ' "),
  rule("[*]", " $& "),
];

const PARENS_BRACKETS = rule("[\\]\\[(){}<>]", " $& ");

const DOUBLE_DASHES = rule("--", " -- ");

const ENDING_QUOTES: Rule[] = [
  rule("([»”’])", " $1 "),
  rule("''", " '' "),
  rule('"', " '' "),
  rule(`[${RX_SPACE}]+`, " "),
  rule("([^' ])('[sS]|'[mM]|'[dD]|') ", "$1 $2 "),
  rule("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", "$1 $2 "),
];

/** MacIntyreContractions.CONTRACTIONS2 and 3, split into their two parts. */
const CONTRACTIONS: Rule[] = [
  ...[
    ["can", "not"],
    ["d", "'ye"],
    ["gim", "me"],
    ["gon", "na"],
    ["got", "ta"],
    ["lem", "me"],
    ["more", "'n"],
  ].map(([a, b]) =>
    rule(`${PY.boundary}(${caseless(a!, "re")})(${caseless(b!, "re")})${PY.boundary}`, " $1 $2 "),
  ),
  rule(
    `${PY.boundary}(${caseless("wan", "re")})(${caseless("na", "re")})(?=${PY.space})`,
    " $1 $2 ",
  ),
  ...["is", "was"].map((w) =>
    rule(` ('${caseless("t", "re")})(${caseless(w, "re")})${PY.boundary}`, " $1 $2 "),
  ),
];

/** NLTKWordTokenizer.tokenize (convert_parentheses=False) of one sentence. */
function treebankTokenize(sentence: string): string[] {
  const apply = (text: string, rules: Rule[]): string =>
    rules.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
  let text = apply(sentence, STARTING_QUOTES);
  text = apply(text, PUNCTUATION);
  text = apply(text, [PARENS_BRACKETS, DOUBLE_DASHES]);
  text = apply(` ${text} `, ENDING_QUOTES);
  text = apply(text, CONTRACTIONS);
  return splitWhitespace(text);
}

/** `nltk.word_tokenize(text)`: the Treebank-style tokens of each Punkt sentence of `text`. */
export function wordTokenize(text: string): string[] {
  return sentenceTokenize(text).flatMap(treebankTokenize);
}
