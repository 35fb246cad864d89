import type { Evaluation } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { AccuracyCell } from "../evaluations/accuracy-cell.tsx";
import { SortHeader, type SortState } from "../evaluations/sort-header.tsx";
import { StatusBadge } from "../evaluations/status-badge.tsx";
import { dateTime } from "../shared/format.ts";
import { OwnerMarker } from "./owner-marker.tsx";

export function PublicTable(props: {
  evaluations: Evaluation[];
  organizationId: string;
  selected: string[];
  onToggle: (id: string) => void;
  sort: SortState;
  onSort: (next: SortState) => void;
}) {
  const { sort, onSort } = props;
  return (
    <div className="table-scroll">
      <table className="evaluations public-evaluations">
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">Compare</span>
            </th>
            <th>Owner</th>
            <th>Status</th>
            <th>Model</th>
            <th>Benchmark</th>
            <SortHeader sortKey="accuracy" current={sort} onSort={onSort}>
              Accuracy (95% CI)
            </SortHeader>
            <th className="right" title="correct / total prompts">
              n
            </th>
            <SortHeader sortKey="submitted_at" current={sort} onSort={onSort}>
              Created
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {props.evaluations.map((e) => (
            <tr key={e.id} data-evaluation-id={e.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`select ${e.model_name} on ${e.dataset_name} for comparison`}
                  checked={props.selected.includes(e.id)}
                  onChange={() => props.onToggle(e.id)}
                />
              </td>
              <td>
                <OwnerMarker evaluation={e} own={e.organization_id === props.organizationId} />
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
              <td className="muted date">{dateTime(e.submitted_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
