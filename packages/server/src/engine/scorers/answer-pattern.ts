import { linearTimeProblem } from "../../platform/regexp-backtracking.ts";

/**
 * How much of a response a benchmark's own pattern is run over: the last 20,000 characters.
 *
 * Patterns come from benchmark authors, and JavaScript regular expressions backtrack: searching
 * with a careless pattern costs time polynomial or exponential in the text length, and a runaway
 * model can answer with hundreds of kilobytes. Scoring runs on the event loop with every other
 * sample, so one slow search stalls them all. The service switches a search that backtracks too
 * much to V8's linear-time engine (platform/regexp-backtracking.ts), and never runs a pattern that
 * engine cannot run (backreferences, lookahead): such a pattern is `invalid` here. The linear
 * engine's cost grows with the text too, so bounding the text bounds it (`a*b` over 200,000 "a"s:
 * ~90 s; over the 20,000-char tail: ~1 s). Final answers sit at the end, so the tail is the part
 * worth keeping.
 */
export const MAX_SCANNED_CHARS = 20_000;

export type PatternExtraction =
  | { kind: "match"; value: string }
  | { kind: "no-match" }
  | { kind: "invalid"; message: string };

/** The text a benchmark pattern is run over: the tail of the response (see MAX_SCANNED_CHARS). */
export function scannedTail(text: string): string {
  return text.length <= MAX_SCANNED_CHARS ? text : text.slice(-MAX_SCANNED_CHARS);
}

/**
 * The answer a benchmark pattern picks out of `text`: the first capture group that took part in
 * the match (the whole match when the pattern has none), from the LAST match — models restate the
 * question or list options before giving the answer, so the last match is the answer.
 */
export function extractWithPattern(text: string, pattern: string): PatternExtraction {
  const regex = compiled(pattern);
  if (typeof regex === "string") return { kind: "invalid", message: regex };
  const scanned = scannedTail(text);
  let last: RegExpExecArray | undefined;
  // What matchAll does, without its iterator and its copy of the regex: each search starts where
  // the previous match ended, one character further after an empty match.
  regex.lastIndex = 0;
  for (let match = regex.exec(scanned); match !== null; match = regex.exec(scanned)) {
    last = match;
    if (match[0] === "") regex.lastIndex += 1;
  }
  if (last === undefined) return { kind: "no-match" };
  for (let i = 1; i < last.length; i += 1) {
    const group = last[i];
    if (group !== undefined) return { kind: "match", value: group };
  }
  return { kind: "match", value: last[0] };
}

/** Benchmark patterns compiled (or their syntax error), kept for the next prompt of the run. */
const patterns = new Map<string, RegExp | string>();
const MAX_PATTERNS = 256;

function compiled(pattern: string): RegExp | string {
  let regex = patterns.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, "g");
      // Refused when benchmarks are created; one stored before never runs either.
      const problem = linearTimeProblem(pattern);
      if (problem !== undefined) regex = `the pattern was not run: it ${problem}`;
    } catch (err) {
      regex = err instanceof Error ? err.message : String(err);
    }
    // A few benchmarks run at a time: forgetting them all now and then is cheaper than an LRU.
    if (patterns.size >= MAX_PATTERNS) patterns.clear();
    patterns.set(pattern, regex);
  }
  return regex;
}

/**
 * The normalized forms a truth is accepted in: as written, and — when the benchmark's pattern
 * matches the truth itself — as the pattern reads it. Custom benchmarks sometimes store the whole
 * reference solution (`… #### 18`) as the truth; the pattern then finds the answer in both.
 */
export function truthReadings(
  truth: string,
  pattern: string | null | undefined,
  normalize: (text: string) => string,
): string[] {
  const readings = [normalize(truth)];
  if (pattern) {
    const fromTruth = extractWithPattern(truth, pattern);
    if (fromTruth.kind === "match") {
      const reading = normalize(fromTruth.value);
      if (reading !== "" && !readings.includes(reading)) readings.push(reading);
    }
  }
  return readings;
}
