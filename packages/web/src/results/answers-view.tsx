import type { RepeatAnswer } from "@assay/protocol";
import { type AnswerMark, answerMarks } from "../shared/repeats.ts";
import { ReasoningView } from "./reasoning-view.tsx";

const OUTCOME: Record<AnswerMark, { word: string; kind: string }> = {
  "✓": { word: "passed", kind: "passed" },
  "✗": { word: "failed", kind: "failed" },
  "!": { word: "error", kind: "error" },
  "·": { word: "not yet answered", kind: "pending" },
};

/**
 * The answers of a prompt asked several times, side by side (stacked on a narrow screen): each
 * with its outcome, time, error, reasoning, response and the scorer's reason, so what differs
 * between a right and a wrong answer is read across, not by paging.
 */
export function AnswersView({ answers, repeats }: { answers: RepeatAnswer[]; repeats: number }) {
  const marks = answerMarks(answers, repeats);
  const byRepeat = new Map(answers.map((a) => [a.repeat, a]));
  return (
    <section className="answers" data-testid="answers">
      <h3>
        Answers{" "}
        <span className="muted">
          {answers.filter((a) => a.passed).length} of {repeats} right
        </span>
      </h3>
      <ol className="answer-cards">
        {marks.map((mark, i) => {
          const answer = byRepeat.get(i);
          const { word, kind } = OUTCOME[mark];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a repeat's place is its identity
            <li key={i} className={`answer-card answer-${kind}`} data-repeat={i}>
              <div className="answer-head">
                <span className={`answer-mark mark-${kind}`} aria-hidden="true">
                  {mark}
                </span>
                <strong>Answer {i + 1}</strong>
                <span className={`outcome outcome-${kind}`}>{word}</span>
                {answer ? (
                  <span className="muted small num">{answer.duration.toFixed(2)} s</span>
                ) : null}
              </div>
              {answer ? <AnswerBody answer={answer} /> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function AnswerBody({ answer: a }: { answer: RepeatAnswer }) {
  return (
    <>
      {a.error !== null ? <pre className="text-block error-text">{a.error}</pre> : null}
      {a.reasoning !== null ? (
        <ReasoningView key={a.repeat} reasoning={a.reasoning} tokens={0} />
      ) : null}
      <div className="answer-part">
        <span className="part-name">Response</span>
        {a.result === "" ? (
          <p className="muted">(none)</p>
        ) : (
          <pre className="text-block">{a.result}</pre>
        )}
      </div>
      <div className="answer-part">
        <span className="part-name" title="what the scorer extracted and compared">
          Scorer · score {a.score}
        </span>
        <pre className="text-block">{a.reason || "—"}</pre>
      </div>
    </>
  );
}
