import type { Result, ScorerStats } from "@assay/protocol";
import "./scorers.css";

/**
 * One result's grades by the benchmark's custom scorers: score, pass or fail, and the grader's
 * reason. `scorers` (the evaluation's) names them in the benchmark's order; a grade of a scorer
 * the evaluation does not list is shown by its id.
 */
export function ScorerScores({
  result,
  scorers = [],
}: {
  result: Result;
  scorers?: readonly Pick<ScorerStats, "id" | "name">[] | undefined;
}) {
  const grades = result.scorer_scores ?? {};
  const ids = [
    ...scorers.map((s) => s.id).filter((id) => id in grades),
    ...Object.keys(grades).filter((id) => !scorers.some((s) => s.id === id)),
  ];
  if (ids.length === 0) return null;
  const nameOf = (id: string) => scorers.find((s) => s.id === id)?.name ?? id;
  return (
    <section>
      <h3 title="the benchmark's custom scorers (Scorers view)">Custom scorers</h3>
      <ul className="scorer-scores">
        {ids.map((id) => {
          const grade = grades[id]!;
          const kind = grade.passed === null ? "failed" : grade.passed ? "pass" : "fail";
          return (
            <li key={id} data-scorer={nameOf(id)}>
              <strong>{nameOf(id)}</strong>{" "}
              <span className={`grade-${kind}`}>
                {grade.score === null ? "not graded" : grade.score.toFixed(2)}
                {grade.passed === null ? "" : grade.passed ? " · pass" : " · fail"}
              </span>
              <div className="small">
                {grade.reason || <span className="muted">no reason</span>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
