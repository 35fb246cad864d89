import type { JudgeAnnotation } from "@assay/protocol";
import { useQuery } from "@tanstack/react-query";
import { type Cell, inCell } from "./annotate-search.ts";
import { traceQuery } from "./use-workspace.ts";

const CELL_TITLES: Record<Cell, string> = {
  pass_pass: "You and the judge both passed",
  pass_fail: "You passed, the judge failed",
  fail_pass: "You failed, the judge passed",
  fail_fail: "You and the judge both failed",
};

/**
 * The labels of one confusion cell: each trace with the person's label and comment beside the
 * judge's verdict and reasoning; "Open" takes the queue to that trace.
 */
export function CellList({
  cell,
  labels,
  onOpen,
  onClose,
}: {
  cell: Cell;
  labels: readonly JudgeAnnotation[];
  onOpen: (traceId: string) => void;
  onClose: () => void;
}) {
  const items = labels.filter(
    (label) => label.judge_passed !== undefined && inCell(cell, label.passed, label.judge_passed),
  );
  return (
    <section className="cell-list" aria-label={CELL_TITLES[cell]} data-testid="cell-list">
      <header>
        <h2>
          {CELL_TITLES[cell]} <span className="muted num">({items.length})</span>
        </h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {items.length === 0 ? (
        <p className="muted">No trace in this cell.</p>
      ) : (
        <ul>
          {items.map((label) => (
            <CellItem key={label.id} label={label} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CellItem({ label, onOpen }: { label: JudgeAnnotation; onOpen: (id: string) => void }) {
  const trace = useQuery(traceQuery(label.trace_id));
  const output = snippet(trace.data?.data.output);
  const verdict = (passed: boolean | undefined) =>
    passed === undefined ? "—" : passed ? "pass" : "fail";
  return (
    <li className="cell-item" data-trace={label.trace_id}>
      <p className="trace-input">
        {trace.data?.input ?? (trace.isPending ? "Loading the trace…" : label.trace_id)}
      </p>
      {output && <p className="trace-output">{output}</p>}
      <div className="cell-sides">
        <div>
          <strong>You: {verdict(label.passed)}</strong>
          {label.score !== undefined && <span className="muted num"> score {label.score}</span>}
          {label.comment && <p className="comment">{label.comment}</p>}
        </div>
        <div>
          <strong>Judge: {verdict(label.judge_passed)}</strong>
          {label.judge_score !== undefined && (
            <span className="muted num"> score {label.judge_score.toFixed(2)}</span>
          )}
          {label.judge_reasoning && <p className="reasoning">{label.judge_reasoning}</p>}
        </div>
      </div>
      <button type="button" onClick={() => onOpen(label.trace_id)}>
        Open in the queue
      </button>
    </li>
  );
}

/** The start of a trace's output, enough to recall which answer it was. */
function snippet(value: unknown): string {
  if (value === undefined || value === null) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}
