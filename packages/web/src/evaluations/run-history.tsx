import { MAX_MATRIX_RUNS } from "@assay/protocol";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { dateTime } from "../shared/format.ts";
import { AccuracyCell } from "./accuracy-cell.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { HISTORY_SIZE, type HistoryOf, useRunHistory } from "./use-run-history.ts";

/**
 * The runs of a model (its history: which benchmark, when, how well) or of a benchmark (which
 * model, when, how well, with ticks to put some side by side). Newest first.
 */
export function RunHistory({ of }: { of: HistoryOf }) {
  const history = useRunHistory(of);
  const navigate = useNavigate();
  const [ticked, setTicked] = useState<string[]>([]);
  const ofBenchmark = "benchmark" in of;
  if (history.isPending) return <p className="muted">Loading runs…</p>;
  if (history.isError) return <ErrorMessage error={history.error} />;
  const { evaluations, totalCount } = history.data;
  if (evaluations.length === 0) return <p className="empty">No runs yet.</p>;
  // Without ticks, "compare these" takes the newest successful runs.
  const newest = evaluations
    .filter((e) => e.status === "success")
    .slice(0, MAX_MATRIX_RUNS)
    .map((e) => e.id);
  const chosen = ticked.length > 0 ? ticked : newest;
  const ready = chosen.length >= 2 && chosen.length <= MAX_MATRIX_RUNS;
  const toggle = (id: string) =>
    setTicked((now) => (now.includes(id) ? now.filter((t) => t !== id) : [...now, id]));
  const compare = () => {
    if (!ready) return;
    if (chosen.length === 2) navigate({ to: "/compare", search: { a: chosen[0], b: chosen[1] } });
    else navigate({ to: "/compare/many", search: { runs: chosen.join(",") } });
  };
  return (
    <div className="run-history">
      {ofBenchmark ? (
        <div className="history-actions">
          <button type="button" className="compare-button" disabled={!ready} onClick={compare}>
            {ticked.length > 0
              ? `Compare the ${ticked.length} ticked`
              : `Compare these (the newest ${newest.length} successful)`}
          </button>
          {ticked.length > MAX_MATRIX_RUNS ? (
            <span className="muted small">at most {MAX_MATRIX_RUNS} side by side</span>
          ) : null}
        </div>
      ) : null}
      <div className="table-scroll">
        <table className="evaluations run-history-table">
          <thead>
            <tr>
              {ofBenchmark ? (
                <th scope="col">
                  <span className="visually-hidden">tick</span>
                </th>
              ) : null}
              <th scope="col">Submitted</th>
              <th scope="col">{ofBenchmark ? "Model" : "Benchmark"}</th>
              <th scope="col">Status</th>
              <th scope="col">Accuracy (95% CI)</th>
              <th scope="col" className="right">
                Prompts
              </th>
            </tr>
          </thead>
          <tbody>
            {evaluations.map((e) => (
              <tr key={e.id} data-evaluation-id={e.id}>
                {ofBenchmark ? (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`tick ${e.model_name} of ${dateTime(e.submitted_at)} to compare`}
                      checked={ticked.includes(e.id)}
                      onChange={() => toggle(e.id)}
                    />
                  </td>
                ) : null}
                <td className="date">
                  <Link to="/evaluations/$id" params={{ id: e.id }}>
                    {dateTime(e.submitted_at)}
                  </Link>
                </td>
                <td>{ofBenchmark ? e.model_name : e.dataset_name}</td>
                <td>
                  <StatusBadge status={e.status} />
                </td>
                <td>
                  <AccuracyCell evaluation={e} />
                </td>
                <td className="right num">
                  {e.assay.progress.done}/{e.assay.progress.total}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {totalCount > HISTORY_SIZE ? (
        <p className="muted small">
          The newest {HISTORY_SIZE} of {totalCount}; the{" "}
          <Link
            to="/evaluations"
            search={ofBenchmark ? { benchmark: of.benchmark } : { model: of.model }}
          >
            Evaluations list
          </Link>{" "}
          has them all.
        </p>
      ) : null}
    </div>
  );
}
