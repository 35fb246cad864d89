import type { Evaluation } from "@assay/protocol";
import { percent } from "../shared/format.ts";

/**
 * The subsets of a run with repeats as numbers, beside the forest plot: each subset's prompts
 * (the clusters of its interval), answers, accuracy with its clustered interval, and flip rate.
 * The prompts and flip-rate columns appear only where the API gives them.
 */
export function SubsetsTable({ evaluation }: { evaluation: Evaluation }) {
  const { subsets } = evaluation.assay;
  const withPrompts = subsets.some((s) => s.prompts !== undefined);
  const withFlips = subsets.some((s) => s.flip_rate !== undefined);
  const rows = [...subsets].sort((a, b) => b.accuracy - a.accuracy || a.name.localeCompare(b.name));
  return (
    <div className="table-scroll">
      <table className="subsets-table" data-testid="subsets">
        <thead>
          <tr>
            <th>Subset</th>
            {withPrompts ? <th className="right">Prompts</th> : null}
            <th className="right answers-column">Answers</th>
            <th className="right">Accuracy</th>
            <th className="right interval-column">95% CI</th>
            {withFlips ? <th className="right">Flip rate</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.name} data-subset={s.name}>
              <td>{s.name || "(none)"}</td>
              {withPrompts ? <td className="right num">{s.prompts ?? "—"}</td> : null}
              <td className="right num answers-column">
                {s.correct}/{s.total}
              </td>
              <td className="right num">{percent(s.accuracy)}</td>
              <td className="right num muted interval-column">
                [{percent(s.ci95.low)}, {percent(s.ci95.high)}]
              </td>
              {withFlips ? (
                <td className="right num">
                  {s.flip_rate === null || s.flip_rate === undefined ? "—" : percent(s.flip_rate)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
