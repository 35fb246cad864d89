import { extractWithPattern, truthReadings } from "./answer-pattern.ts";
import { normalizeAnswer } from "./normalize-answer.ts";
import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/**
 * The benchmark's pattern picks the answer out of the response (last match, first capture group;
 * see extractWithPattern), and the answer must equal the truth once both are normalized. No
 * pattern or no match scores 0: the benchmark asked for a format and the response did not follow it.
 */
export function regexMatch(input: ScoreInput): ScoreResult {
  const pattern = input.regexPattern;
  if (!pattern) return verdict(false, "benchmark has no regex pattern", null);
  const extraction = extractWithPattern(stripReasoning(input.response), pattern);
  if (extraction.kind === "invalid") {
    return verdict(false, `invalid regex pattern: ${extraction.message}`, null);
  }
  if (extraction.kind === "no-match") return verdict(false, "no match for pattern", null);
  const normalized = normalizeAnswer(extraction.value);
  const readings = truthReadings(input.truth, pattern, normalizeAnswer);
  const passed = readings.includes(normalized);
  return verdict(
    passed,
    // readings[0] is the normalized truth as written.
    `extracted ${quote(normalized)} ${passed ? "equals" : "differs from"} truth ${quote(readings[0] as string)}`,
    normalized,
  );
}
