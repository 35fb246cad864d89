import type { BenchmarkScoring } from "./benchmark-definition.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

/**
 * How MATH-style benchmarks (MATH-500, AIME) ask and grade: reasoning, then the final answer in
 * `\boxed{}`, graded by the `math_equiv` scorer (engine/scorers/math-equiv.ts).
 */
export const MATH_SCORING: BenchmarkScoring = {
  prompt_template:
    "Solve the following math problem. Reason step by step, then give the final answer " +
    "in \\boxed{}.\n\n{{problem}}",
  answer_extraction:
    "as lm-evaluation-harness 0.4.13 grades AIME (lm_eval/tasks/aime/utils.py): the text " +
    "between the first and last '$' of the response (the whole response without two), replaced " +
    "by the content of its last \\boxed{} when there is one; correct when Hendrycks et al.'s " +
    "is_equiv (the MATH paper's string normalization: \\dfrac, \\left/\\right, degrees, units, " +
    "percent, 'x =', \\sqrt3, \\frac12, 0.5, a/b, spaces; not minerva_math's sympy " +
    "equivalence) makes it equal to the answer, quirks included: where the normalization raises " +
    "(an a/b of non-integers), the raw strings are compared. Closed <think> blocks are removed " +
    "first.",
  scorer: "math_equiv",
};

/** A MATH-style problem as the model is sent it. */
export const mathPrompt = (problem: string) =>
  renderPromptTemplate(MATH_SCORING.prompt_template, { problem });
