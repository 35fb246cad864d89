import type { Evaluation } from "@assay/protocol";

/**
 * What a run with repeats changes in how its figures read: each prompt was asked `repeats`
 * times, the counters count answers, and the finished accuracy's interval is clustered by
 * prompt (the answers of one prompt are not independent).
 */

/** Times the run asks each prompt (1 for runs without repeats, and for older runs). */
export function repeatsOf(evaluation: Pick<Evaluation, "assay">): number {
  return evaluation.assay.options.repeats ?? 1;
}

/** The accuracy's interval is clustered by prompt (a finished run with repeats). */
export function isClustered(evaluation: Pick<Evaluation, "assay">): boolean {
  return evaluation.assay.accuracy_interval === "clustered";
}

/** What a tooltip calls the accuracy's interval. */
export function intervalName(evaluation: Pick<Evaluation, "assay">): string {
  return isClustered(evaluation) ? "95% interval clustered by prompt" : "95% Wilson interval";
}

/** One mark per repeat: ✓ right, ✗ wrong, ! not answered or not scored, · not yet asked. */
export type AnswerMark = "✓" | "✗" | "!" | "·";

/**
 * A prompt's answers as marks in repeat order, one per repeat the run asks (a running run may
 * have answered repeat 2 before repeat 1: each answer goes to its own place).
 */
export function answerMarks(
  answers: readonly { repeat: number; passed: boolean; error: string | null }[],
  repeats: number,
): AnswerMark[] {
  const marks: AnswerMark[] = Array.from({ length: repeats }, () => "·");
  for (const a of answers) marks[a.repeat] = a.error !== null ? "!" : a.passed ? "✓" : "✗";
  return marks;
}
