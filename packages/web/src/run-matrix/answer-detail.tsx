import type { RunMatrixRow, RunMatrixRun } from "@assay/protocol";
import { OUTCOME_LOOK, runLetter } from "./run-letters.ts";

/**
 * One run's answer to a prompt, opened from its cell: the whole prompt, the truth, the answer (or
 * why there is none). The other runs' answers are a click on their own cells.
 */
export function AnswerDetail(props: {
  row: RunMatrixRow;
  runs: RunMatrixRun[];
  run: number;
  onClose: () => void;
}) {
  const { row, runs, run } = props;
  const cell = row.cells[run];
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
          {cell.outcome === "error" ? (
            <p className="error-text">{cell.error ?? "no answer"}</p>
          ) : (
            <pre className="answer-text" data-testid="answer">
              {cell.response}
            </pre>
          )}
        </section>
      </div>
    </div>
  );
}
