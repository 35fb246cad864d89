import { extractWithPattern, scannedTail } from "./answer-pattern.ts";
import { findNumbers, numbersEqual, type ParsedNumber, stripLatex } from "./parse-number.ts";
import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/** How far after an answer marker its number may start ("The answer is: she has $18"). */
const MARKER_REACH = 80;

/**
 * "the answer is", "Final answer:", "answer =": a verb or a colon is required, so a restated
 * instruction ("Answer the question: Janet has 16 eggs …") is not taken for an answer.
 */
const ANSWER_PHRASE = /\banswer\b(?:\s{1,4}(?:is|was|would be|will be)\b\s{0,4}:?|\s{0,4}[:=])/gi;

const BOXED = /\\boxed\{((?:[^{}]|\{[^{}]*\})*)\}/g;

export interface FinalNumber extends ParsedNumber {
  how: "pattern" | "####" | "boxed" | "answer phrase" | "last number";
}

/**
 * The number that follows the last marker in the same sentence: "The answer is $18." gives 18,
 * while "The answer is not obvious. First, 5 + 7 …" gives nothing (and a weaker signal decides).
 */
function afterLastMarker(text: string, marker: RegExp): ParsedNumber | null {
  let markerEnd = -1;
  for (const match of text.matchAll(marker)) markerEnd = match.index + match[0].length;
  if (markerEnd < 0) return null;
  const rest = text.slice(markerEnd, markerEnd + MARKER_REACH + 40);
  const lead = /^[\s*_:=]*/.exec(rest)![0].length;
  const sentence = rest.slice(lead).split(/[.!?](?=\s|$)|\n/, 1)[0]!;
  const first = findNumbers(sentence)[0];
  return first && first.start < MARKER_REACH ? first : null;
}

/**
 * The final numeric answer of a response, GSM8K style, from the strongest signal present: the
 * benchmark pattern's last match, the number after the last `####`, the last `\boxed{}`, the number
 * after the last "answer is" / "Answer:", and failing all of these the last number in the text.
 */
export function findFinalNumber(response: string, pattern?: string | null): FinalNumber | null {
  const text = stripLatex(scannedTail(response.normalize("NFKC")));
  if (pattern) {
    const extraction = extractWithPattern(text, pattern);
    const parsed = extraction.kind === "match" ? findNumbers(extraction.value) : [];
    if (parsed.length === 1) return { ...parsed[0]!, how: "pattern" };
  }
  const hashes = afterLastMarker(text, /####/g);
  if (hashes) return { ...hashes, how: "####" };
  let boxed: string | undefined;
  for (const match of text.matchAll(BOXED)) boxed = match[1];
  const inBox = boxed === undefined ? undefined : findNumbers(boxed).at(-1);
  if (inBox) return { ...inBox, how: "boxed" };
  const phrase = afterLastMarker(text, ANSWER_PHRASE);
  if (phrase) return { ...phrase, how: "answer phrase" };
  const last = findNumbers(text).at(-1);
  return last ? { ...last, how: "last number" } : null;
}

/**
 * The response's final number equals the truth's within 1e-9 relative. Thousands separators,
 * currency symbols, a leading `+`, a Unicode minus, trailing zeros (`18.00`), units or words after
 * the number ("18 dollars") and LaTeX wrappers are ignored; `1/2` reads as 0.5. A percent sign is
 * dropped, not divided by 100: GSM8K-style truths write the percentage as a plain number
 * ("What percentage …?" → 25), so "25%" must equal 25.
 *
 * The truth is read the same way, so "1,234", "#### 1,234" and "$1,234" are all 1234.
 */
export function numeric(input: ScoreInput): ScoreResult {
  const truth = findFinalNumber(input.truth);
  if (truth === null) return verdict(false, `truth ${quote(input.truth)} is not a number`, null);
  const answer = findFinalNumber(stripReasoning(input.response), input.regexPattern);
  if (answer === null) return verdict(false, "no number found in response", null);
  const passed = numbersEqual(answer.value, truth.value);
  const relation = passed ? "equals" : "differs from";
  return verdict(
    passed,
    `${answer.how} ${quote(answer.text)} = ${answer.value} ${relation} truth ${truth.value}`,
    String(answer.value),
  );
}
