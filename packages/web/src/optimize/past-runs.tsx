import { Link } from "@tanstack/react-router";
import { ErrorMessage } from "../shared/error-message.tsx";
import { dateTime, percent } from "../shared/format.ts";
import { useJudgeOptimizations } from "./use-optimization.ts";

/** The judge's earlier optimizations, each a link to its page. */
export function PastRuns({ judgeId }: { judgeId: string }) {
  const runs = useJudgeOptimizations(judgeId);
  if (runs.isPending) return <p className="muted">Loading…</p>;
  if (runs.isError) return <ErrorMessage error={runs.error} />;
  const list = runs.data.optimizationRuns;
  if (list.length === 0) return <p className="muted">None yet.</p>;
  return (
    <ul className="past-runs">
      {list.map((run) => (
        <li key={run.id}>
          <Link to="/optimizations/$id" params={{ id: run.id }}>
            {dateTime(run.created_at)}
          </Link>{" "}
          <span className="muted small">
            {run.budget} · {run.status.replace("_", " ")}
            {run.baseline_accuracy !== undefined && run.optimized_accuracy !== undefined
              ? ` · held-out ${percent(run.baseline_accuracy)} → ${percent(run.optimized_accuracy)}`
              : ""}
            {run.applied_version !== undefined ? ` · applied (version ${run.applied_version})` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
