import type { ScorerName } from "@assay/protocol";

/**
 * What each scorer compares, in a line, for whoever chooses one for an uploaded dataset. The
 * default is exact match, which compares the whole answer: right for one-word answers, and 0% for
 * a model that reasons first (GSM8K-style data wants `numeric`).
 */
export const SCORER_HELP: Record<ScorerName, string> = {
  exact_match:
    "the whole answer, normalized (case, spaces, punctuation), equals the truth: for short answers",
  numeric: 'the final number of the answer (after "####", else the last one) equals the truth',
  contains: "the answer contains the truth somewhere",
  regex: "the answer matches the pattern given below",
  multiple_choice: "the first standalone letter of the answer is the truth's letter",
  math_equiv: "the answer's final expression (the last \\boxed{}) is equivalent to the truth",
  llm_judge: "a judge model grades the answer against the truth",
  python_tests: "the answer's code passes the truth's Python tests, in the sandbox",
  mmlu_pro: "MMLU-Pro's letter extraction (the authors' three patterns)",
  bbh: "BIG-Bench Hard's chain-of-thought extraction, then exact match",
  arc_grid: "ARC-AGI's grids: either of the first two JSON grids equals the truth",
  simpleqa: "SimpleQA's grader: a judge model says correct, incorrect or not attempted",
  ifeval: "IFEval: every instruction of the prompt is followed (the truth lists them)",
};

/** The scorers that fit any dataset, in the order offered; the others are built-in benchmarks'. */
export const GENERAL_SCORERS: readonly ScorerName[] = [
  "exact_match",
  "numeric",
  "contains",
  "regex",
  "multiple_choice",
  "math_equiv",
  "llm_judge",
  "python_tests",
];

/** The server's scorer when the upload names none. */
export const DEFAULT_SCORER: ScorerName = "exact_match";

/**
 * Scorers that compare the whole answer with the truth: any reasoning before the answer fails
 * it, so a run near 0% with one of them more likely measures the scorer than the model.
 */
export function comparesWholeAnswer(scorer: string): boolean {
  return scorer === "exact_match";
}
