import type { Evaluation } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { dateTime } from "../shared/format.ts";
import { AccuracyCell } from "./accuracy-cell.tsx";
import { StatusBadge } from "./status-badge.tsx";

export function EvaluationsTable({
  evaluations,
  selected,
  onToggle,
}: {
  evaluations: Evaluation[];
  /** Ids ticked for comparison, in the order they were ticked. */
  selected: string[];
  onToggle: (id: string) => void;
}) {
  return (
    <table className="evaluations">
      <thead>
        <tr>
          <th>
            <span className="visually-hidden">Compare</span>
          </th>
          <th>Status</th>
          <th>Model</th>
          <th>Benchmark</th>
          <th>Accuracy (95% CI)</th>
          <th className="right" title="correct / total prompts">
            n
          </th>
          <th className="right" title="prompts whose model call failed (counted as not correct)">
            Failed
          </th>
          <th>Created</th>
        </tr>
      </thead>
      <tbody>
        {evaluations.map((e) => (
          <tr key={e.id} data-evaluation-id={e.id}>
            <td>
              <input
                type="checkbox"
                aria-label={`select ${e.model_name} on ${e.dataset_name} for comparison`}
                checked={selected.includes(e.id)}
                onChange={() => onToggle(e.id)}
              />
            </td>
            <td>
              <StatusBadge status={e.status} />
            </td>
            <td title={e.model_key}>
              <Link to="/evaluations/$id" params={{ id: e.id }}>
                {e.model_name}
              </Link>
            </td>
            <td>{e.dataset_name}</td>
            <td>
              <AccuracyCell evaluation={e} />
            </td>
            <td className="right num">
              {e.assay.progress.correct}/{e.assay.progress.total}
            </td>
            <td className={`right num${e.failed_prompt_count > 0 ? " warn" : ""}`}>
              {e.failed_prompt_count}
            </td>
            <td className="muted">{dateTime(e.submitted_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
