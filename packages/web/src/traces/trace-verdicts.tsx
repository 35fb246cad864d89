import { ErrorMessage } from "../shared/error-message.tsx";
import { usd } from "../shared/format.ts";
import { ClippedText } from "./clipped-text.tsx";
import { shortDateTime } from "./trace-format.ts";
import { type TraceVerdict, useLabelTrace, useTraceVerdicts } from "./use-traces.ts";
import { HumanLabelChip, VerdictChip } from "./verdict-chip.tsx";

/**
 * Each judge's latest verdict on the trace: pass, fail or errored, the score, the reasoning,
 * whether the trace was cut to fit, and a person's label of what it should have said.
 */
export function TraceVerdicts({ traceId }: { traceId: string }) {
  const verdicts = useTraceVerdicts(traceId);
  return (
    <aside className="trace-verdicts" aria-label="Verdicts">
      <h2>Verdicts</h2>
      {verdicts.isPending ? <p className="muted">Loading…</p> : null}
      {verdicts.isError ? <ErrorMessage error={verdicts.error} /> : null}
      {verdicts.data?.length === 0 ? (
        <p className="muted small">
          No judge has looked at this trace yet. Run one above, or with <code>assay judge run</code>
          .
        </p>
      ) : null}
      <ul>
        {verdicts.data?.map(({ evaluation, result, label }) => {
          const judge = evaluation.judge_snapshot?.name ?? evaluation.judge_id;
          const version = evaluation.judge_snapshot?.version;
          return (
            <li key={evaluation.id} className="verdict-card" data-judge-id={evaluation.judge_id}>
              <div className="verdict-head">
                <VerdictChip judge={judge} passed={result?.passed} status={evaluation.status} />
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
              <LabelButtons verdict={{ evaluation, ...(label ? { label } : {}) }} />
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

/**
 * Label: what the judge should have said about this trace, as a person sees it (one label per
 * judge and trace; a second click replaces it). Compared with the judge's verdicts in the
 * judge's agreement.
 */
function LabelButtons({ verdict }: { verdict: TraceVerdict }) {
  const put = useLabelTrace();
  const { evaluation, label } = verdict;
  const give = (passed: boolean) => put.mutate({ evaluationId: evaluation.id, passed });
  return (
    <div className="label-row">
      {label ? (
        <HumanLabelChip
          passed={label.passed}
          title={`labelled by ${label.created_by}, ${shortDateTime(label.updated_at)}`}
        />
      ) : (
        <span className="muted small">no label</span>
      )}
      <span className="muted small">Label:</span>
      <button
        type="button"
        className="small"
        aria-label="Label pass"
        aria-pressed={label?.passed === true}
        disabled={put.isPending}
        onClick={() => give(true)}
      >
        ✓ pass
      </button>
      <button
        type="button"
        className="small"
        aria-label="Label fail"
        aria-pressed={label?.passed === false}
        disabled={put.isPending}
        onClick={() => give(false)}
      >
        ✗ fail
      </button>
      {put.isError ? <ErrorMessage error={put.error} /> : null}
    </div>
  );
}
