import type { RepeatAnswer } from "@assay/client";

/**
 * A prompt's answers side by side, in repeat order, as the results table shows them: `✓✗✓✓ 3/4`
 * (✓ right, ✗ wrong, ! no answer or no score: the model call or the scoring failed), then how
 * many were right. One cell, so a listing of a run with repeats stays one line per prompt.
 */
export function answersText(answers: readonly RepeatAnswer[]): string {
  const marks = answers.map(answerMark).join("");
  const right = answers.filter((a) => a.passed).length;
  return `${marks} ${right}/${answers.length}`;
}

export function answerMark(answer: Pick<RepeatAnswer, "passed" | "error">): string {
  if (answer.passed) return "✓";
  return answer.error === null ? "✗" : "!";
}
