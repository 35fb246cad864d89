import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/*
 * MMLU-Pro's answer extraction as its authors wrote it (TIGER-AI-Lab/MMLU-Pro, commit 7eca4ce,
 * `compute_accuracy.py` and `evaluate_from_api.py`, Apache-2.0), in three tiers, each tried only
 * when the one before finds nothing. Written for Python's `re`, whose `.` stops only at "\n" and
 * whose `\b` knows Unicode letters: the JavaScript below says so explicitly, so that the
 * extraction agrees with the authors' on every response (agreement/references/mmlu_pro.py).
 */

/** Tier 1: the first "answer is X" or "answer is (X)" (case-sensitive, as the authors'). */
const ANSWER_IS = /answer is \(?([A-J])\)?/;
/** Tier 2: on the first line that has one, the last "answer:"/"Answer:" followed by a letter. */
const ANSWER_COLON = /[^\n]*[aA]nswer:\s*([A-J])/;
/** Tier 3: the last capital A–J standing alone as a word. */
const STANDALONE_LETTER = /(?<![\p{L}\p{N}_])[A-J](?![\p{L}\p{N}_])/gu;

export type MmluProTier = "answer is" | "answer:" | "last letter";

/** The authors' extracted letter and which tier found it; null when none does. */
export function extractMmluProLetter(text: string): { letter: string; tier: MmluProTier } | null {
  const first = ANSWER_IS.exec(text);
  if (first) return { letter: first[1]!, tier: "answer is" };
  const second = ANSWER_COLON.exec(text);
  if (second) return { letter: second[1]!, tier: "answer:" };
  let last: string | undefined;
  for (const match of text.matchAll(STANDALONE_LETTER)) last = match[0];
  return last === undefined ? null : { letter: last, tier: "last letter" };
}

/**
 * Correct when the extracted letter is the truth's. Where nothing is extracted the authors' script
 * guesses a letter at random; Assay counts that answer wrong instead, so a run's accuracy does not
 * depend on a random draw (the one deliberate difference, stated in the benchmark's extraction).
 */
export function mmluPro(input: ScoreInput): ScoreResult {
  const truth = input.truth.trim().toUpperCase();
  const found = extractMmluProLetter(stripReasoning(input.response));
  if (!found)
    return verdict(
      false,
      "no answer letter found (the authors guess at random here; Assay counts it wrong)",
      null,
    );
  const how = `${found.letter} (by ${quote(found.tier)})`;
  return found.letter === truth
    ? verdict(true, `answered ${how}, the correct option`, found.letter)
    : verdict(false, `answered ${how}; the correct option is ${quote(input.truth)}`, found.letter);
}
