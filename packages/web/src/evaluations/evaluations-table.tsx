import type { Evaluation } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { count, dateTime, milliseconds, usd } from "../shared/format.ts";
import { AccuracyCell } from "./accuracy-cell.tsx";
import { SortHeader, type SortState } from "./sort-header.tsx";
import { StatusBadge } from "./status-badge.tsx";

export function EvaluationsTable({
  evaluations,
  selected,
  onToggle,
  sort,
  onSort,
}: {
  evaluations: Evaluation[];
  /** Ids ticked for comparison, in the order they were ticked. */
  selected: string[];
  onToggle: (id: string) => void;
  sort: SortState;
  onSort: (next: SortState) => void;
}) {
  return (
    <div className="table-scroll">
      <table className="evaluations">
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">Compare</span>
            </th>
            <th>Status</th>
            <th>Model</th>
            <th>Benchmark</th>
            <SortHeader sortKey="accuracy" current={sort} onSort={onSort}>
              Accuracy (95% CI)
            </SortHeader>
            <th className="right" title="correct / total prompts">
              n
            </th>
            <th
              className="right"
              title="prompts that failed: the model call, or the scoring of its answer (counted as not correct)"
            >
              Failed
            </th>
            <th className="right" title="prompt + completion tokens">
              Tokens
            </th>
            <th className="right" title="US dollars at the catalog's prices">
              Cost
            </th>
            <SortHeader
              sortKey="average_duration"
              current={sort}
              onSort={onSort}
              className="right"
              title="average time of a model call per prompt"
            >
              Time/prompt
            </SortHeader>
            <SortHeader sortKey="submitted_at" current={sort} onSort={onSort}>
              Created
            </SortHeader>
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
                <Link to="/evaluations/$id" params={{ id: e.id }} className="long-name">
                  {e.model_name}
                </Link>
              </td>
              <td>
                <span className="long-name">{e.dataset_name}</span>
              </td>
              <td>
                <AccuracyCell evaluation={e} />
              </td>
              <td className="right num">
                {e.assay.progress.correct}/{e.assay.progress.total}
              </td>
              <td className={`right num${e.failed_prompt_count > 0 ? " warn" : ""}`}>
                {e.failed_prompt_count}
              </td>
              <TokensCell evaluation={e} />
              <CostCell evaluation={e} />
              <td className="right num">{milliseconds(e.average_duration)}</td>
              <td className="muted date">{dateTime(e.submitted_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TokensCell({ evaluation }: { evaluation: Evaluation }) {
  const { prompt, completion, total } = evaluation.assay.tokens;
  return (
    <td
      className="right num"
      data-testid="tokens"
      title={`${prompt.toLocaleString("en-US")} prompt + ${completion.toLocaleString("en-US")} completion tokens`}
    >
      {count(total)}
    </td>
  );
}

function CostCell({ evaluation }: { evaluation: Evaluation }) {
  const cost = evaluation.assay.cost_usd;
  if (cost === null) {
    return (
      <td className="right muted" data-testid="cost" title="no catalog prices for this model">
        —
      </td>
    );
  }
  return (
    <td className="right num" data-testid="cost" title={`$${cost}`}>
      {usd(cost)}
    </td>
  );
}
