import { ErrorMessage } from "../shared/error-message.tsx";
import { usd } from "../shared/format.ts";
import { ClippedText } from "./clipped-text.tsx";
import { shortDateTime } from "./trace-format.ts";
import { useTraceVerdicts } from "./use-traces.ts";
import { VerdictChip } from "./verdict-chip.tsx";

/** Each judge's latest verdict on the trace: pass or fail, the score, the reasoning, and whether the trace was cut to fit. */
export function TraceVerdicts({ traceId }: { traceId: string }) {
  const verdicts = useTraceVerdicts(traceId);
  return (
    <aside className="trace-verdicts" aria-label="Verdicts">
      <h2>Verdicts</h2>
      {verdicts.isPending ? <p className="muted">Loading…</p> : null}
      {verdicts.isError ? <ErrorMessage error={verdicts.error} /> : null}
      {verdicts.data?.length === 0 ? (
        <p className="muted small">
          No judge has looked at this trace yet. Run a judge on it from the{" "}
          <a href="/ui/judges">Judges</a> view, or <code>assay judge run</code>.
        </p>
      ) : null}
      <ul>
        {verdicts.data?.map(({ evaluation, result }) => {
          const judge = evaluation.judge_snapshot?.name ?? evaluation.judge_id;
          const version = evaluation.judge_snapshot?.version;
          return (
            <li key={evaluation.id} className="verdict-card" data-judge-id={evaluation.judge_id}>
              <div className="verdict-head">
                <VerdictChip judge={judge} passed={result?.passed} />
                {version !== undefined ? <span className="muted small">v{version}</span> : null}
                {result ? (
                  <span className="muted small num">score {result.score.toFixed(2)}</span>
                ) : (
                  <span className="muted small">{evaluation.status.replace("_", " ")}</span>
                )}
              </div>
              {result?.truncated ? (
                <p className="warn small" data-testid="truncated">
                  The trace was longer than the judge model's context and was cut: the verdict saw
                  only part of it.
                </p>
              ) : null}
              {result ? <ClippedText text={result.reasoning} className="reasoning" /> : null}
              {evaluation.status === "failure" && evaluation.status_description ? (
                <p className="error small">{evaluation.status_description}</p>
              ) : null}
              <p className="muted small">
                {shortDateTime(evaluation.created_at)}
                {result ? ` · ${result.model} · ${usd(result.total_cost)}` : ""}
              </p>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
