import type { Evaluation } from "@assay/protocol";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";
import "./scorers.css";

const INTERVAL_NAMES = {
  wilson: "Wilson (pass/fail scores: the mean is a pass rate)",
  t: "Student's t on the mean, never zero-width",
} as const;

/**
 * Each custom scorer's mean over a finished evaluation with its 95% interval, beside the
 * accuracy: n graded, the grader's failures (not counted against a prompt), and how the interval
 * was computed. Nothing for an evaluation whose benchmark has no scorers.
 */
export function ScorerSummary({ evaluation }: { evaluation: Evaluation }) {
  const scorers = evaluation.assay.scorers ?? [];
  if (scorers.length === 0) return null;
  return (
    <section className="scorer-summary-section" aria-labelledby="scorer-summary-title">
      <h2 id="scorer-summary-title">Scorers</h2>
      <div className="table-scroll">
        <table className="scorer-summary">
          <thead>
            <tr>
              <th scope="col">Scorer</th>
              <th scope="col">Mean [95% interval]</th>
              <th scope="col">Pass rate</th>
              <th scope="col">n</th>
              <th scope="col" title="results the scorer's model could not grade">
                Failed
              </th>
              <th scope="col">Interval</th>
            </tr>
          </thead>
          <tbody>
            {scorers.map((s) => (
              <tr key={s.id} data-scorer={s.name}>
                <th scope="row">{s.name}</th>
                <td>
                  {s.mean !== null && s.ci95 ? (
                    <AccuracyInterval
                      accuracy={s.mean}
                      low={s.ci95.low}
                      high={s.ci95.high}
                      label={`95% interval: ${INTERVAL_NAMES[s.interval]}`}
                    />
                  ) : (
                    <span className="muted">— (nothing graded)</span>
                  )}
                </td>
                <td className="num">
                  {s.pass_rate === null ? "—" : `${(s.pass_rate * 100).toFixed(1)}%`}
                </td>
                <td className="num">{s.n}</td>
                <td className={`num${s.failed > 0 ? " bad-text" : ""}`}>{s.failed}</td>
                <td className="muted small" title={INTERVAL_NAMES[s.interval]}>
                  {s.interval === "wilson" ? "Wilson" : "t"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        Each scorer's model graded every answered prompt by its rubric (0–1). A scorer's failures
        count for the scorer, never against the prompt; prompts whose model call failed have no
        answer to grade.
      </p>
    </section>
  );
}
