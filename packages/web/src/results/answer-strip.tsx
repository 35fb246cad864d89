import type { RepeatAnswer } from "@assay/protocol";
import { type AnswerMark, answerMarks } from "../shared/repeats.ts";

/** Beyond this many repeats the marks would not fit a table cell: the count alone is shown. */
const MOST_MARKS = 12;

const MARK_CLASS: Record<AnswerMark, string> = {
  "✓": "mark-right",
  "✗": "mark-wrong",
  "!": "mark-error",
  "·": "mark-pending",
};

const MARK_WORD: Record<AnswerMark, string> = {
  "✓": "right",
  "✗": "wrong",
  "!": "failed",
  "·": "not yet answered",
};

/**
 * A prompt's answers at a glance: one mark per repeat (✓ right, ✗ wrong, ! failed, · not yet)
 * and how many were right, e.g. ✓✗✓✓ 3/4.
 */
export function AnswerStrip({ answers, repeats }: { answers: RepeatAnswer[]; repeats: number }) {
  const marks = answerMarks(answers, repeats);
  const right = answers.filter((a) => a.passed).length;
  const label = marks.map((m, i) => `repeat ${i + 1} ${MARK_WORD[m]}`).join(", ");
  return (
    <span
      className="answer-strip"
      role="img"
      aria-label={`${right} of ${repeats} answers right: ${label}`}
      title={`${right} of ${repeats} answers right: ${label}`}
      data-right={right}
    >
      {repeats <= MOST_MARKS ? (
        <span className="marks">
          {marks.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a repeat's place is its identity
            <span key={i} className={MARK_CLASS[m]}>
              {m}
            </span>
          ))}
        </span>
      ) : null}
      <span className="num count">
        {right}/{repeats}
      </span>
    </span>
  );
}
