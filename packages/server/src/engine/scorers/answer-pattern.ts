/**
 * How much of a response a benchmark's own pattern is run over: the last 20,000 characters.
 *
 * Patterns come from benchmark authors, and JavaScript regular expressions backtrack: searching
 * with a careless pattern costs time polynomial or exponential in the text length, and a runaway
 * model can answer with hundreds of kilobytes. Scoring runs on the event loop with every other
 * sample, so one slow search stalls them all. Bounding the text bounds the cost of the quadratic
 * cases (`a*b` over 200,000 "a"s: ~90 s; over the 20,000-char tail: ~1 s), and final answers sit
 * at the end, so the tail is the part worth keeping. It does not save us from worse patterns
 * (`a*a*b` takes minutes on 4,000 chars, `(a|aa)*b` longer): for those the process should run
 * with V8's `--enable-experimental-regexp-engine-on-excessive-backtracks`, which switches such a
 * search to a linear-time engine — a process-wide choice for the composition root, not for here.
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
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "g");
  } catch (err) {
    return { kind: "invalid", message: err instanceof Error ? err.message : String(err) };
  }
  let last: RegExpExecArray | undefined;
  for (const match of scannedTail(text).matchAll(regex)) last = match;
  if (last === undefined) return { kind: "no-match" };
  const group = last.slice(1).find((value) => value !== undefined);
  return { kind: "match", value: group ?? last[0] };
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
