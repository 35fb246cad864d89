import { extractWithPattern, truthReadings } from "./answer-pattern.ts";
import { normalizeAnswer } from "./normalize-answer.ts";
import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/**
 * The response equals the truth once both are normalized (normalizeAnswer). With a benchmark
 * pattern, the pattern's answer is compared instead of the whole response; when the pattern finds
 * nothing the whole response is still compared, since a bare answer that equals the truth is the
 * best-formatted answer there is. (The `regex` scorer is the strict one.)
 */
export function exactMatch(input: ScoreInput): ScoreResult {
  const response = stripReasoning(input.response);
  const pattern = input.regexPattern || null;
  const extraction = pattern ? extractWithPattern(response, pattern) : null;
  if (extraction?.kind === "invalid") {
    return verdict(false, `invalid regex pattern: ${extraction.message}`, null);
  }
  const candidate = extraction?.kind === "match" ? extraction.value : response;
  const normalized = normalizeAnswer(candidate);
  const readings = truthReadings(input.truth, pattern, normalizeAnswer);
  const passed = readings.includes(normalized);
  const source =
    extraction === null
      ? "response"
      : extraction.kind === "match"
        ? "pattern match"
        : "response (pattern did not match)";
  const relation = passed ? "equals" : "differs from";
  return verdict(
    passed,
    // readings[0] is the normalized truth as written.
    `${source} ${quote(normalized)} ${relation} truth ${quote(readings[0] as string)}`,
    normalized,
  );
}
