/**
 * NLTK 3.10.4's Punkt sentence tokenizer with its English model, ported line for line from
 * nltk/tokenize/punkt.py (PunktSentenceTokenizer.tokenize with realign_boundaries), for IFEval's
 * `count_sentences`, which lm-eval 0.4.13 runs as
 * `len(nltk.data.load("nltk:tokenizers/punkt/english.pickle").tokenize(text))`.
 *
 * NLTK compiles Punkt's patterns with the third-party `regex` engine (nltk/redos.py), whose
 * Unicode classes follow UTS #18 rather than `re`'s: `\w` is Alphabetic, marks, decimal digits,
 * connector punctuation and joiners; `\s` is White_Space (so not U+001C–U+001F, which
 * `str.isspace` accepts); `\d` is a decimal digit. The classes below spell those out. Offsets are
 * UTF-16 indices throughout: every one comes from a match on the same string, so slices agree with
 * Python's code-point slices.
 */

import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { rstrip, strip } from "../python-text.ts";

/** The `regex` engine's `\w`, `\s` and `[^\W\d]`, as regex class bodies (use with the `u` flag). */
export const RX_WORD = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}";
export const RX_SPACE = "\\p{White_Space}";
const RX_NON_PUNCT = "\\p{Alphabetic}\\p{M}\\p{Pc}\\p{Join_Control}";

/** Python's `$` without MULTILINE: the end, or just before a final newline. */
export const PY_END = "(?=\\n?$)";

// PunktLanguageVars, English: the sentence-end characters are . ? !
const NON_WORD = "[)\";}\\]*:@'({[\\u2018\\u2019\\u201c\\u201d\\xab\\xbb?!]";
const MULTI_CHAR = `(?:-{2,}|\\.{2,}|(?:\\.[${RX_SPACE}]){2,}\\.)`;
const WORD_START = '[^("`{\\[:;&#*@)}\\]\\-,]';

/** PunktLanguageVars._word_tokenize_fmt: splits punctuation other than periods off words. */
const WORD_TOKEN = new RegExp(
  `${MULTI_CHAR}` +
    `|(?=${WORD_START})[^${RX_SPACE}]+?` +
    `(?=[${RX_SPACE}]|${PY_END}|${NON_WORD}|${MULTI_CHAR}` +
    `|,(?=${PY_END}|[${RX_SPACE}]|${NON_WORD}|${MULTI_CHAR}))` +
    `|[^${RX_SPACE}]`,
  "gu",
);

/** PunktLanguageVars._period_context_fmt: a possible sentence end and what follows it. */
const PERIOD_CONTEXT = new RegExp(
  `[.?!](?=(?<after>${NON_WORD}|[${RX_SPACE}]+(?<next>[^${RX_SPACE}]+)))`,
  "gu",
);

/**
 * PunktLanguageVars.re_boundary_realignment (MULTILINE, so `$` also matches before a `\n`):
 * closing punctuation after a sentence end that belongs to that sentence.
 */
const BOUNDARY_REALIGNMENT = new RegExp(
  `^["')\\]}\\u2018\\u2019\\u201c\\u201d\\xab\\xbb]+?(?:[${RX_SPACE}]+|(?=--)|(?=\\n|$))`,
  "u",
);

const RE_ELLIPSIS = new RegExp(`^\\.\\.+${PY_END}`, "u");
const RE_NUMERIC = new RegExp(`^-?[.,]?\\p{Nd}[\\p{Nd},.\\-]*\\.?${PY_END}`, "u");
const RE_INITIAL = new RegExp(`^[${RX_NON_PUNCT}]\\.${PY_END}`, "u");

// Orthographic context flags (punkt.py's _ORTHO_*).
const ORTHO_BEG_UC = 1 << 1;
const ORTHO_MID_UC = 1 << 2;
const ORTHO_UNK_UC = 1 << 3;
const ORTHO_BEG_LC = 1 << 4;
const ORTHO_MID_LC = 1 << 5;
const ORTHO_UNK_LC = 1 << 6;
const ORTHO_UC = ORTHO_BEG_UC + ORTHO_MID_UC + ORTHO_UNK_UC;
const ORTHO_LC = ORTHO_BEG_LC + ORTHO_MID_LC + ORTHO_UNK_LC;

/** PunktSentenceTokenizer.PUNCTUATION: tokens the orthographic heuristic says never start one. */
const PUNCTUATION = new Set([";", ":", ",", ".", "!", "?"]);

/** `str.isupper()` of one character: the Uppercase property. */
const UPPER = /^\p{Uppercase}$/u;
/**
 * `str.islower()` of one character: the Lowercase property as of Unicode 14 (Python 3.11's
 * tables); Unicode 15–16 added U+10FC, U+A7F2–U+A7F4 and U+AB69 and dropped U+0295.
 */
const LOWER = /^(?:(?![\u10fc\ua7f2-\ua7f4\uab69])\p{Lowercase}|\u0295)$/u;

interface Parameters {
  abbrevTypes: Set<string>;
  /** Pairs of types, joined by a tab (a token never holds whitespace). */
  collocations: Set<string>;
  sentStarters: Set<string>;
  orthoContext: Map<string, number>;
}

interface ParameterFile {
  abbrevTypes: string[];
  collocations: [string, string][];
  sentStarters: string[];
  orthoContext: Record<string, number>;
}

let english: Parameters | undefined;

/** The English punkt_tab parameters (see data/README.md), read on first use. */
function parameters(): Parameters {
  if (english === undefined) {
    const file = JSON.parse(
      gunzipSync(readFileSync(new URL("./data/punkt-english.json.gz", import.meta.url))).toString(
        "utf8",
      ),
    ) as ParameterFile;
    english = {
      abbrevTypes: new Set(file.abbrevTypes),
      collocations: new Set(file.collocations.map(([a, b]) => `${a}\t${b}`)),
      sentStarters: new Set(file.sentStarters),
      // A Map, not the object: a type such as "constructor" must not find Object's prototype.
      orthoContext: new Map(Object.entries(file.orthoContext)),
    };
  }
  return english;
}

/** punkt.py's PunktToken: a word token and its annotations. */
class Token {
  readonly tok: string;
  readonly type: string;
  readonly periodFinal: boolean;
  sentbreak = false;
  abbr = false;
  ellipsis = false;

  constructor(tok: string) {
    this.tok = tok;
    this.type = tok.toLowerCase().replace(RE_NUMERIC, "##number##");
    this.periodFinal = tok.endsWith(".");
  }

  get typeNoPeriod(): string {
    return this.type.length > 1 && this.type.endsWith(".") ? this.type.slice(0, -1) : this.type;
  }

  get typeNoSentperiod(): string {
    return this.sentbreak ? this.typeNoPeriod : this.type;
  }

  /** Python's `tok[0]`: the first code point, not the first UTF-16 unit. */
  private get first(): string {
    return String.fromCodePoint(this.tok.codePointAt(0) ?? 0);
  }

  get firstUpper(): boolean {
    return UPPER.test(this.first);
  }

  get firstLower(): boolean {
    return LOWER.test(this.first);
  }

  get isInitial(): boolean {
    return RE_INITIAL.test(this.tok);
  }
}

/** PunktBaseClass._tokenize_words: the word tokens of each non-blank line. */
function tokenizeWords(text: string): Token[] {
  const tokens: Token[] = [];
  for (const line of text.split("\n")) {
    if (strip(line) === "") continue;
    for (const match of line.matchAll(WORD_TOKEN)) tokens.push(new Token(match[0]));
  }
  return tokens;
}

/** PunktBaseClass._first_pass_annotation: decisions from the token's type alone. */
function firstPass(token: Token, params: Parameters): void {
  const tok = token.tok;
  if (tok === "." || tok === "?" || tok === "!") {
    token.sentbreak = true;
  } else if (RE_ELLIPSIS.test(tok)) {
    token.ellipsis = true;
  } else if (token.periodFinal && !tok.endsWith("..")) {
    const stem = tok.slice(0, -1).toLowerCase();
    if (params.abbrevTypes.has(stem) || params.abbrevTypes.has(stem.split("-").at(-1) ?? "")) {
      token.abbr = true;
    } else {
      token.sentbreak = true;
    }
  }
}

/** PunktSentenceTokenizer._ortho_heuristic: whether `token` starts a sentence, if it can tell. */
function orthoHeuristic(token: Token, params: Parameters): boolean | "unknown" {
  if (PUNCTUATION.has(token.tok)) return false;
  const ortho = params.orthoContext.get(token.typeNoSentperiod) ?? 0;
  if (token.firstUpper && ortho & ORTHO_LC && !(ortho & ORTHO_MID_UC)) return true;
  if (token.firstLower && (ortho & ORTHO_UC || !(ortho & ORTHO_BEG_LC))) return false;
  return "unknown";
}

/**
 * PunktSentenceTokenizer._second_pass_annotation: revises `token`'s decision from the token after
 * it (collocations, the orthographic heuristic, frequent sentence starters).
 */
function secondPass(token: Token, next: Token, params: Parameters): void {
  if (!token.periodFinal) return;
  const type = token.typeNoPeriod;
  const nextType = next.typeNoSentperiod;
  const isInitial = token.isInitial;

  if (params.collocations.has(`${type}\t${nextType}`)) {
    token.sentbreak = false;
    token.abbr = true;
    return;
  }
  if ((token.abbr || token.ellipsis) && !isInitial) {
    if (orthoHeuristic(next, params) === true) {
      token.sentbreak = true;
      return;
    }
    if (next.firstUpper && params.sentStarters.has(nextType)) {
      token.sentbreak = true;
      return;
    }
  }
  if (isInitial || type === "##number##") {
    const isSentStarter = orthoHeuristic(next, params);
    if (isSentStarter === false) {
      token.sentbreak = false;
      token.abbr = true;
      return;
    }
    if (
      isSentStarter === "unknown" &&
      isInitial &&
      next.firstUpper &&
      !((params.orthoContext.get(nextType) ?? 0) & ORTHO_LC)
    ) {
      token.sentbreak = false;
      token.abbr = true;
    }
  }
}

/**
 * PunktSentenceTokenizer.text_contains_sentbreak: whether a token other than the last one of
 * `text` ends a sentence. Each token's second pass sees the next token after its first pass only,
 * as NLTK's chained generators do.
 */
function containsSentbreak(text: string, params: Parameters): boolean {
  const tokens = tokenizeWords(text);
  for (const token of tokens) firstPass(token, params);
  for (let i = 0; i + 1 < tokens.length; i++) {
    const token = tokens[i]!;
    secondPass(token, tokens[i + 1]!, params);
    if (token.sentbreak) return true;
  }
  return false;
}

/**
 * PunktSentenceTokenizer._get_last_whitespace_index: `string.whitespace` is ASCII only, and 0
 * means both "at 0" and "none" (the caller cannot tell them apart either).
 */
function lastWhitespaceIndex(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (" \t\n\r\v\f".includes(text[i]!)) return i;
  return 0;
}

interface EndContext {
  match: RegExpExecArray;
  /** The word before the candidate, the candidate and what follows it. */
  context: string;
}

/** PunktSentenceTokenizer._match_potential_end_contexts, overlaps dropped as NLTK drops them. */
function potentialEndContexts(text: string): EndContext[] {
  const contexts: EndContext[] = [];
  let previousStart = 0;
  let previousStop = 0;
  let previousMatch: RegExpExecArray | undefined;
  const contextOf = (match: RegExpExecArray): string =>
    text.slice(previousStart, previousStop) + match[0] + (match.groups?.after ?? "");
  for (const match of text.matchAll(PERIOD_CONTEXT)) {
    const before = text.slice(previousStop, match.index);
    let wordStart = lastWhitespaceIndex(before);
    wordStart = wordStart ? wordStart + previousStop + 1 : previousStart;
    if (previousMatch && previousStop <= wordStart) {
      contexts.push({ match: previousMatch, context: contextOf(previousMatch) });
    }
    previousMatch = match;
    previousStart = wordStart;
    previousStop = match.index;
  }
  if (previousMatch) contexts.push({ match: previousMatch, context: contextOf(previousMatch) });
  return contexts;
}

type Span = [start: number, stop: number];

/** PunktSentenceTokenizer._slices_from_text. */
function slicesFromText(text: string, params: Parameters): Span[] {
  const slices: Span[] = [];
  let lastBreak = 0;
  for (const { match, context } of potentialEndContexts(text)) {
    if (!containsSentbreak(context, params)) continue;
    const end = match.index + match[0].length;
    slices.push([lastBreak, end]);
    const after = match.groups?.after ?? "";
    const next = match.groups?.next;
    // The next sentence starts at the following token, or at the punctuation right after.
    lastBreak = next ? end + after.length - next.length : end;
  }
  slices.push([lastBreak, rstrip(text).length]);
  return slices;
}

/**
 * PunktSentenceTokenizer._realign_boundaries: moves closing quotes and brackets after a
 * sentence end into the sentence they close.
 */
function realignBoundaries(text: string, slices: Span[]): Span[] {
  const realigned: Span[] = [];
  let realign = 0;
  for (let i = 0; i < slices.length; i++) {
    const start = slices[i]![0] + realign;
    const stop = slices[i]![1];
    const next = slices[i + 1];
    if (next === undefined) {
      if (text.slice(start, stop) !== "") realigned.push([start, stop]);
      continue;
    }
    const m = BOUNDARY_REALIGNMENT.exec(text.slice(next[0], next[1]));
    if (m) {
      realigned.push([start, next[0] + rstrip(m[0]).length]);
      realign = m[0].length;
    } else {
      realign = 0;
      if (text.slice(start, stop) !== "") realigned.push([start, stop]);
    }
  }
  return realigned;
}

/** `PunktTokenizer("english").tokenize(text)`: the sentences of `text`, as NLTK splits them. */
export function sentenceTokenize(text: string): string[] {
  const spans = realignBoundaries(text, slicesFromText(text, parameters()));
  return spans.map(([start, stop]) => text.slice(start, stop));
}

/** IFEval's `count_sentences`: how many sentences NLTK's English Punkt model finds in `text`. */
export function countSentences(text: string): number {
  return sentenceTokenize(text).length;
}
