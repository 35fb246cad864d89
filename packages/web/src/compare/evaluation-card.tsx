import { Link } from "@tanstack/react-router";
import { ErrorMessage } from "../shared/error-message.tsx";
import { dateTime, percent } from "../shared/format.ts";
import { useEvaluation } from "../shared/use-evaluation.ts";

/** One side of the comparison: model, benchmark, its own accuracy with interval, a link to it. */
export function EvaluationCard({
  id,
  letter,
  caption,
}: {
  id: string;
  letter: string;
  caption: string;
}) {
  const evaluation = useEvaluation(id);
  const e = evaluation.data;
  return (
    <div className="evaluation-card" data-side={letter}>
      <div className="side-head">
        <span className="side-letter">{letter}</span>
        <span className="muted small">{caption}</span>
      </div>
      {evaluation.isError ? <ErrorMessage error={evaluation.error} /> : null}
      {e ? (
        <>
          <div className="side-model" title={e.model_key}>
            {e.model_name}
          </div>
          <div className="muted small">
            {e.dataset_name} · {dateTime(e.submitted_at)} ·{" "}
            <Link to="/evaluations/$id" params={{ id: e.id }}>
              evaluation
            </Link>
          </div>
          <div className="num small">
            accuracy {percent(e.accuracy)}{" "}
            <span className="muted">
              [{percent(e.assay.accuracy_ci95.low)}, {percent(e.assay.accuracy_ci95.high)}]{" "}
              {e.assay.progress.correct}/{e.assay.progress.total}
            </span>
          </div>
        </>
      ) : (
        <div className="muted small">{evaluation.isPending ? "Loading…" : null}</div>
      )}
    </div>
  );
}
