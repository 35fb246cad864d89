import type { RunMatrixRow, RunMatrixRun } from "@assay/protocol";
import { ErrorMessage } from "../shared/error-message.tsx";
import { OUTCOME_LOOK, runLetter } from "./run-letters.ts";
import { useAnswer } from "./use-answer.ts";

/**
 * One run's answer to a prompt, opened from its cell: the whole prompt, the truth, and the answer
 * (or why there is none), read from the server now. The other runs' answers are a click on their
 * own cells.
 */
export function AnswerDetail(props: {
  row: RunMatrixRow;
  runs: RunMatrixRun[];
  run: number;
  onClose: () => void;
}) {
  const { row, runs, run } = props;
  const cell = row.cells[run];
  const answer = useAnswer(runs[run]?.evaluation_id ?? "", row.prompt_id);
  if (!cell) return null;
  const look = OUTCOME_LOOK[cell.outcome];
  return (
    <div className="answer-detail" data-run={runs[run]?.evaluation_id}>
      <div className="answer-head">
        <strong>
          {runLetter(run)} · {runs[run]?.model_name}
        </strong>
        <span className={`outcome-words is-${cell.outcome}`}>
          {look.glyph} {look.words}
        </span>
        <span className="muted small">
          score {cell.score} · prompt {row.prompt_id} · subset {row.subset}
        </span>
        <button
          type="button"
          className="close"
          onClick={props.onClose}
          aria-label="close the answer"
        >
          Close
        </button>
      </div>
      <div className="answer-grid">
        <section>
          <h3>Prompt</h3>
          <pre className="answer-text">{row.prompt}</pre>
        </section>
        <section>
          <h3>Expected</h3>
          <pre className="answer-text">{row.truth}</pre>
          <h3>Answer</h3>
          {answer.isPending ? <p className="muted">Loading the answer…</p> : null}
          {answer.isError ? <ErrorMessage error={answer.error} /> : null}
          {answer.data?.error != null ? (
            <p className="error-text">{answer.data.error}</p>
          ) : answer.data ? (
            <>
              <pre className="answer-text" data-testid="answer">
                {answer.data.response}
              </pre>
              {answer.data.reason ? (
                <p className="muted small">Scorer: {answer.data.reason}</p>
              ) : null}
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
