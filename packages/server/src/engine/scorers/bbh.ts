import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/*
 * BIG-Bench Hard graded as lm-evaluation-harness 0.4.13 grades its chain-of-thought tasks
 * (`lm_eval/tasks/bbh/cot_zeroshot`, MIT): the `strict-match` filter takes the first text that
 * follows "The answer is ", "the answer is ", "The answer: " or "The final answer: " up to, and
 * not including, the last character of its line; `exact_match` then drops a final ".", every
 * ",", "\", newline and '"' from both sides and compares them ignoring case. Written for Python's
 * `re`: its `.` stops only at "\n" and its `$` also matches before a final newline; the patterns
 * below say so explicitly. Quirk kept from the reference: an answer that ends the response with
 * no character after it ("… the answer is (A)") loses its last character ("(A") and fails.
 */
const STRICT_MATCH =
  /(?<=The answer is )([^\n]*)(?=[^\n])|(?<=the answer is )([^\n]*)(?=[^\n])|(?<=The answer: )([^\n]*)(?=[^\n])|(?<=The final answer: )([^\n]*)(?=[^\n])/;

/** What the reference's filter answers when nothing matches. */
export const BBH_INVALID = "[invalid]";

/** The `regexes_to_ignore` of lm-eval's BBH template, in its order. */
const IGNORED = [/\.(?=\n?$)/g, /,/g, /\\/g, /\n/g, /"/g];

/** The reference filter's extraction: the first match, stripped; "[invalid]" without one. */
export function extractBbhAnswer(response: string): string {
  const match = STRICT_MATCH.exec(response);
  // Python's findall gives the groups; all are empty when the match is, and then it falls back.
  if (!match || match[0] === "") return BBH_INVALID;
  return match[0].trim();
}

/** Both sides as lm-eval's exact_match compares them. */
export function normalizeBbh(text: string): string {
  let out = text;
  for (const pattern of IGNORED) out = out.replace(pattern, "");
  return out.toLowerCase();
}

export function bbh(input: ScoreInput): ScoreResult {
  const answer = extractBbhAnswer(stripReasoning(input.response));
  if (answer === BBH_INVALID)
    return verdict(false, 'no "the answer is …" followed by a character in the response', null);
  return normalizeBbh(answer) === normalizeBbh(input.truth)
    ? verdict(true, `answered ${quote(answer)}, the target`, answer)
    : verdict(false, `answered ${quote(answer)}; the target is ${quote(input.truth)}`, answer);
}
