import { normalizeAnswer } from "./normalize-answer.ts";
import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/** Case- and whitespace-insensitive, after Unicode NFKC; quotes around the truth are not required. */
function normalizeForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The normalized truth appears somewhere in the normalized response. An empty truth fails rather
 * than matching everything: it is a data error, and passing it would inflate accuracy silently.
 */
export function contains(input: ScoreInput): ScoreResult {
  const needle = normalizeAnswer(input.truth);
  if (needle === "") return verdict(false, "truth is empty", null);
  const passed = normalizeForSearch(stripReasoning(input.response)).includes(needle);
  return verdict(
    passed,
    `truth ${quote(needle)} ${passed ? "found" : "not found"} in response`,
    passed ? needle : null,
  );
}
