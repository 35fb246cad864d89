import type { Annotation, TraceEvaluationResult } from "@assay/protocol";

/**
 * The judge's verdict and reasoning. In blind mode it stays hidden until the person has labelled
 * the trace, so the label is the person's own; then it shows whether the two agree.
 */
export function VerdictPanel({
  verdict,
  label,
  blind,
  loading,
}: {
  verdict: TraceEvaluationResult | null | undefined;
  label: Annotation | undefined;
  blind: boolean;
  loading: boolean;
}) {
  if (blind && !label)
    return (
      <section className="verdict hidden-verdict" data-testid="verdict-hidden">
        <h3>Judge's verdict</h3>
        <p className="muted">Hidden until you label this trace (blind mode).</p>
      </section>
    );
  if (loading) return <p className="muted">Loading the verdict…</p>;
  if (!verdict)
    return (
      <section className="verdict" data-testid="verdict">
        <h3>Judge's verdict</h3>
        <p className="muted">The judge has no verdict on this trace yet.</p>
      </section>
    );
  const agrees = label ? label.passed === verdict.passed : undefined;
  return (
    <section className="verdict" data-testid="verdict">
      <h3>
        Judge's verdict:{" "}
        <span className={verdict.passed ? "pass" : "fail"}>{verdict.passed ? "pass" : "fail"}</span>{" "}
        <span className="muted num">score {verdict.score.toFixed(2)}</span>
        {agrees !== undefined && (
          <span
            className={`agreement-mark ${agrees ? "agrees" : "disagrees"}`}
            data-testid="agreement-mark"
          >
            {agrees ? "✓ agrees with you" : "✗ disagrees with you"}
          </span>
        )}
      </h3>
      {verdict.truncated && (
        <p className="muted">The trace was longer than the judge's context and was cut.</p>
      )}
      <p className="reasoning">{verdict.reasoning}</p>
    </section>
  );
}
