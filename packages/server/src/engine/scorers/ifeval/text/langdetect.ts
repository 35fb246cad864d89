/**
 * langdetect 1.0.9 (Python; a port of Cybozu Labs' language-detection by Nakatani Shuyo,
 * Apache-2.0) ported from langdetect/detector.py, detector_factory.py and utils/ngram.py, for
 * IFEval's `language:response_language` checker, which lm-eval 0.4.13 runs as
 * `langdetect.detect(value) == self._language` with `DetectorFactory.seed = 0`.
 *
 * Detection is randomized: each `detect` seeds a fresh `random.Random` with 0 and samples the
 * text's n-grams from it, so on a short or ambiguous text the answer depends on CPython's exact
 * random stream (python-random.ts), on its C library's log/cos/sin inside `gauss` (tabulated for
 * seed 0 in the data file), and on doing the float arithmetic in langdetect's order. Texts are
 * handled as code points, as Python's `str` is.
 */

import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { PythonRandom } from "./python-random.ts";

/** langdetect's LangDetectException: the text has no n-gram any profile knows. */
export class LangDetectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LangDetectError";
  }
}

// Detector's constants.
const ALPHA_DEFAULT = 0.5;
const ALPHA_WIDTH = 0.05;
const ITERATION_LIMIT = 1000;
const PROB_THRESHOLD = 0.1;
const CONV_THRESHOLD = 0.99999;
const BASE_FREQ = 10000;
const N_TRIAL = 7;
const MAX_TEXT_LENGTH = 10000;
const SEED = 0;
const N_GRAM = 3;

const URL_RE = /https?:\/\/[-_.?&~;+=/#0-9A-Za-z]{1,2076}/g;
const MAIL_RE = /[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}/g;

/** data/langdetect-profiles.json.gz, made by data/make-langdetect-profiles.py. */
interface ProfileData {
  langs: string[];
  profiles: Record<string, { freq: Record<string, number>; n_words: number[] }>;
  latin1Excluded: string;
  toNormalizeViChars: string;
  dmarkClass: string;
  normalizedViChars: string[];
  cjkClasses: string[];
  upperRanges: [number, number][];
  gaussSeed0: number[];
}

/** An n-gram's probability in the languages that have it; every other language has 0. */
interface WordProbs {
  langs: number[];
  probs: number[];
}

interface Model {
  langs: string[];
  wordProbs: Map<string, WordProbs>;
  latin1Excluded: Set<string>;
  cjkMap: Map<string, string>;
  viPattern: RegExp;
  toNormalizeViChars: string[];
  dmarkClass: string[];
  normalizedViChars: string[][];
  /** Python's `str.isupper` code points (of the reference's Unicode version), sorted ranges. */
  upperRanges: [number, number][];
  /** CPython's `gauss` pairs for seed 0 by stream offset (libm's log/cos/sin, not V8's). */
  gaussPairs: Float64Array;
}

let model: Model | undefined;

function loadModel(): Model {
  if (model) return model;
  const data = JSON.parse(
    gunzipSync(
      readFileSync(new URL("./data/langdetect-profiles.json.gz", import.meta.url)),
    ).toString("utf8"),
  ) as ProfileData;

  // DetectorFactory.add_profile, in the factory's language order.
  const wordProbs = new Map<string, WordProbs>();
  data.langs.forEach((lang, index) => {
    const { freq, n_words: nWords } = data.profiles[lang]!;
    for (const [word, count] of Object.entries(freq)) {
      const length = [...word].length;
      if (length < 1 || length > N_GRAM) continue;
      let entry = wordProbs.get(word);
      if (!entry) {
        entry = { langs: [], probs: [] };
        wordProbs.set(word, entry);
      }
      entry.langs.push(index);
      entry.probs.push((1.0 * count) / nWords[length - 1]!);
    }
  });

  // NGram._init_cjk_map: each kanji class maps to its first member; later classes win.
  const cjkMap = new Map<string, string>();
  for (const cjkClass of data.cjkClasses) {
    const chars = [...cjkClass];
    for (const ch of chars) cjkMap.set(ch, chars[0]!);
  }

  model = {
    langs: data.langs,
    wordProbs,
    latin1Excluded: new Set(data.latin1Excluded),
    cjkMap,
    viPattern: new RegExp(`([${data.toNormalizeViChars}])([${data.dmarkClass}])`, "gu"),
    toNormalizeViChars: [...data.toNormalizeViChars],
    dmarkClass: [...data.dmarkClass],
    normalizedViChars: data.normalizedViChars.map((s) => [...s]),
    upperRanges: data.upperRanges,
    gaussPairs: Float64Array.from(data.gaussSeed0),
  };
  return model;
}

/** `str.isupper` of one code point. */
function isUpper(m: Model, ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  let lo = 0;
  let hi = m.upperRanges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [first, last] = m.upperRanges[mid]!;
    if (cp < first) hi = mid - 1;
    else if (cp > last) lo = mid + 1;
    else return true;
  }
  return false;
}

/** NGram.normalize: folds a character by its Unicode block (unicode_block.py's ranges). */
function normalizeChar(m: Model, ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp <= 0x7f) {
    // Basic Latin: only letters count.
    return ch < "A" || ("Z" < ch && ch < "a") || "z" < ch ? " " : ch;
  }
  if (cp <= 0xff) return m.latin1Excluded.has(ch) ? " " : ch;
  if (cp >= 0x0180 && cp <= 0x024f) {
    // Latin Extended-B: Romanian comma-below letters become their cedilla forms.
    if (cp === 0x0219) return "\u015f";
    if (cp === 0x021b) return "\u0163";
    return ch;
  }
  if (cp >= 0x2000 && cp <= 0x206f) return " "; // General Punctuation
  if (cp >= 0x0600 && cp <= 0x06ff) return cp === 0x06cc ? "\u064a" : ch; // Farsi yeh => Arabic yeh
  if (cp >= 0x1e00 && cp <= 0x1eff) return cp >= 0x1ea0 ? "\u1ec3" : ch; // Latin Extended Additional
  if (cp >= 0x3040 && cp <= 0x309f) return "\u3042"; // Hiragana
  if (cp >= 0x30a0 && cp <= 0x30ff) return "\u30a2"; // Katakana
  if ((cp >= 0x3100 && cp <= 0x312f) || (cp >= 0x31a0 && cp <= 0x31bf)) return "\u3105"; // Bopomofo
  if (cp >= 0x4e00 && cp <= 0x9fff) return m.cjkMap.get(ch) ?? ch; // CJK Unified Ideographs
  if (cp >= 0xac00 && cp <= 0xd7af) return "\uac00"; // Hangul Syllables
  return ch;
}

/** NGram.normalize_vi: a vowel followed by a combining tone mark becomes its precomposed form. */
function normalizeVi(m: Model, text: string): string {
  return text.replace(m.viPattern, (_all, alphabet: string, dmark: string) => {
    const row = m.normalizedViChars[m.dmarkClass.indexOf(dmark)]!;
    return row[m.toNormalizeViChars.indexOf(alphabet)]!;
  });
}

/** Detector.append: drops URLs and e-mail addresses, collapses runs of spaces, caps the length. */
function prepareText(m: Model, raw: string): string[] {
  const chars = [...normalizeVi(m, raw.replace(URL_RE, " ").replace(MAIL_RE, " "))];
  const text: string[] = [];
  let pre: string | null = null;
  for (let i = 0; i < Math.min(chars.length, MAX_TEXT_LENGTH); i++) {
    const ch = chars[i]!;
    if (ch !== " " || pre !== " ") text.push(ch);
    pre = ch;
  }
  return text;
}

/**
 * Detector.cleaning_text: a text mostly not in Latin letters loses its ASCII letters. (Python's
 * test `unicode_block(ch) != 'Latin Extended Additional'` compares a block number with a string,
 * so it is always true: every character from U+0300 up counts as non-Latin.)
 */
function cleaningText(text: string[]): string[] {
  let latinCount = 0;
  let nonLatinCount = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x41 && cp <= 0x7a) latinCount++;
    else if (cp >= 0x300) nonLatinCount++;
  }
  if (latinCount * 2 >= nonLatinCount) return text;
  return text.filter((ch) => {
    const cp = ch.codePointAt(0)!;
    return cp < 0x41 || cp > 0x7a;
  });
}

/** Detector._extract_ngrams with NGram.add_char: the text's 1- to 3-grams the profiles know. */
function extractNgrams(m: Model, text: string[]): string[] {
  const result: string[] = [];
  let grams: string[] = [" "];
  let capitalword = false;
  for (const raw of text) {
    const ch = normalizeChar(m, raw);
    const lastChar = grams[grams.length - 1]!;
    if (lastChar === " ") {
      grams = [" "];
      capitalword = false;
      if (ch === " ") continue;
    } else if (grams.length >= N_GRAM) {
      grams = grams.slice(1);
    }
    grams.push(ch);
    capitalword = isUpper(m, ch) ? isUpper(m, lastChar) || capitalword : false;
    if (capitalword) continue;
    for (let n = 1; n <= N_GRAM; n++) {
      if (grams.length < n) break;
      const w = grams.slice(-n).join("");
      if (w !== "" && w !== " " && m.wordProbs.has(w)) result.push(w);
    }
  }
  return result;
}

/** Detector._update_lang_prob: multiplies each language's probability by its smoothed one. */
function updateLangProb(prob: Float64Array, word: WordProbs, alpha: number): void {
  const weight = alpha / BASE_FREQ;
  // `word.langs` ascends (profiles are added in language order): one pass, no factor array.
  let k = 0;
  for (let i = 0; i < prob.length; i++) {
    const known = word.langs[k] === i;
    prob[i]! *= known ? weight + word.probs[k++]! : weight + 0.0;
  }
}

/** Detector._normalize_prob: Python 3.11's `sum` adds left to right; returns the largest share. */
function normalizeProb(prob: Float64Array): number {
  let sump = 0.0;
  for (const p of prob) sump += p;
  let maxp = 0.0;
  for (let i = 0; i < prob.length; i++) {
    const p = prob[i]! / sump;
    if (maxp < p) maxp = p;
    prob[i] = p;
  }
  return maxp;
}

/**
 * `langdetect.detect(text)` with `DetectorFactory.seed = 0`: the most probable language code
 * ("unknown" when none is above 0.1). Throws LangDetectError ("No features in text.") when the
 * text has no usable n-gram, as langdetect raises LangDetectException.
 */
export function detectLanguage(text: string): string {
  const m = loadModel();
  const ngrams = extractNgrams(m, cleaningText(prepareText(m, text)));
  if (ngrams.length === 0) throw new LangDetectError("No features in text.");

  // Detector._detect_block: N_TRIAL random walks, each with its own smoothing, averaged.
  const nLangs = m.langs.length;
  const langprob = new Float64Array(nLangs);
  const random = new PythonRandom(SEED, m.gaussPairs);
  for (let t = 0; t < N_TRIAL; t++) {
    const prob = new Float64Array(nLangs).fill(1.0 / nLangs);
    const alpha = ALPHA_DEFAULT + random.gauss(0.0, 1.0) * ALPHA_WIDTH;
    for (let i = 0; ; i++) {
      updateLangProb(prob, m.wordProbs.get(random.choice(ngrams))!, alpha);
      if (i % 5 === 0 && (normalizeProb(prob) > CONV_THRESHOLD || i >= ITERATION_LIMIT)) break;
    }
    for (let j = 0; j < nLangs; j++) langprob[j]! += prob[j]! / N_TRIAL;
  }

  // Detector._sort_probability: Python's stable descending sort keeps ties in language order.
  let best: string | undefined;
  let bestProb = -1;
  langprob.forEach((p, j) => {
    if (p > PROB_THRESHOLD && p > bestProb) {
      best = m.langs[j];
      bestProb = p;
    }
  });
  return best ?? "unknown";
}
