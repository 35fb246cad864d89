import type { RunMatrixRun } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";
import { runLetter } from "./run-letters.ts";

/** A run's column head: its letter, its model (a link to the evaluation) and its accuracy. */
export function RunHeader({ run, index }: { run: RunMatrixRun; index: number }) {
  return (
    <th scope="col" className="run-head" data-run={run.evaluation_id}>
      <span className="run-letter">{runLetter(index)}</span>
      <Link
        className="run-model"
        to="/evaluations/$id"
        params={{ id: run.evaluation_id }}
        title={`${run.model_name}: evaluation ${run.evaluation_id}`}
      >
        {tailOf(run.model_name)}
      </Link>
      <AccuracyInterval
        accuracy={run.accuracy}
        low={run.accuracy_interval.low}
        high={run.accuracy_interval.high}
      />
      <span className="muted small num run-counts">
        {run.passed} right
        {run.errored > 0 ? `, ${run.errored} error${run.errored === 1 ? "" : "s"}` : ""}
      </span>
    </th>
  );
}

/**
 * A model's name as a narrow column shows it: without its vendor prefix, and when still long, its
 * end, where names of one family differ ("…l-name-4"), not its start, which they share. The whole
 * name is the link's title.
 */
export function tailOf(name: string, length = 10): string {
  const bare = name.slice(name.lastIndexOf("/") + 1) || name;
  return bare.length <= length ? bare : `…${bare.slice(bare.length - length + 1)}`;
}
