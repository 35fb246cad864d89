import type { RunMatrixRow, RunMatrixRun } from "@assay/protocol";
import { Fragment } from "react";
import { AnswerDetail } from "./answer-detail.tsx";
import { questionOf, sharedOpening } from "./prompt-text.ts";
import { RunHeader } from "./run-header.tsx";
import { OUTCOME_LOOK, runLetter } from "./run-letters.ts";

/** The open cell: a prompt and one run's answer to it. */
export interface OpenCell {
  promptId: string;
  run: number;
}

/**
 * Prompts × runs: each row a prompt (its text shortened), each cell a run's outcome as a glyph and
 * a colour, with its words for screen readers. A cell is a button that opens the answer under its
 * row; the open one is pressed.
 */
export function MatrixTable(props: {
  runs: RunMatrixRun[];
  rows: RunMatrixRow[];
  open: OpenCell | undefined;
  onOpen: (cell: OpenCell | undefined) => void;
  /** The 1-based number of the page's first row. */
  firstNumber: number;
}) {
  const { runs, rows, open, onOpen } = props;
  const shared = sharedOpening(rows.map((row) => row.prompt));
  return (
    <div className="table-scroll run-matrix-scroll">
      <table className="run-matrix">
        <thead>
          <tr>
            <th scope="col" className="prompt-head">
              Prompt
            </th>
            {runs.map((run, i) => (
              <RunHeader key={run.evaluation_id} run={run} index={i} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <Fragment key={row.prompt_id}>
              <tr data-prompt-id={row.prompt_id}>
                <th scope="row" className="prompt-cell" title={row.prompt}>
                  <span className="prompt-text">
                    <span className="muted num">{props.firstNumber + r}.</span>{" "}
                    {questionOf(row.prompt, shared)}
                  </span>
                </th>
                {row.cells.map((cell, i) => {
                  const look = OUTCOME_LOOK[cell.outcome];
                  const pressed = open?.promptId === row.prompt_id && open.run === i;
                  const run = runs[i];
                  return (
                    <td key={run?.evaluation_id ?? i} className="cell">
                      <button
                        type="button"
                        className={`outcome is-${cell.outcome}`}
                        data-outcome={cell.outcome}
                        aria-pressed={pressed}
                        aria-label={`${runLetter(i)} ${run?.model_name ?? ""}: ${look.words}; show the answer`}
                        title={`${runLetter(i)}: ${look.words}`}
                        onClick={() =>
                          onOpen(pressed ? undefined : { promptId: row.prompt_id, run: i })
                        }
                      >
                        {look.glyph}
                      </button>
                    </td>
                  );
                })}
              </tr>
              {open?.promptId === row.prompt_id ? (
                <tr className="answer-row">
                  <td colSpan={runs.length + 1}>
                    <AnswerDetail
                      row={row}
                      runs={runs}
                      run={open.run}
                      onClose={() => onOpen(undefined)}
                    />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
