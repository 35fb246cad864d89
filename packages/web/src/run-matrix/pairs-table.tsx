import { formatPValue, pValueNumber, type RunMatrixPair, type RunMatrixRun } from "@assay/protocol";
import { limitPoints, signedPoints } from "../compare/format-comparison.ts";
import { runLetter } from "./run-letters.ts";

/**
 * Every pair of runs: the later run minus the earlier one on the shared prompts, with the paired
 * interval, McNemar's p and the Holm-adjusted p that counts every pair's test. The verdict goes by
 * the adjusted p: with ten runs there are 45 tests, and at 5% two or three would differ by chance.
 */
export function PairsTable({ runs, pairs }: { runs: RunMatrixRun[]; pairs: RunMatrixPair[] }) {
  const index = new Map(runs.map((run, i) => [run.evaluation_id, i]));
  const name = (id: string) => {
    const i = index.get(id) ?? 0;
    return `${runLetter(i)} ${runs[i]?.model_name ?? ""}`;
  };
  const found = pairs.filter((p) => p.significant_holm).length;
  return (
    <section className="matrix-pairs">
      <h2>Every pair</h2>
      <p className="muted small">
        {pairs.length} paired comparisons (McNemar score test, Tango 95% interval of the
        difference); p-values Holm-adjusted over all {pairs.length} pairs, and the verdict reads the
        Holm-adjusted p. {found} of {pairs.length} differ after the adjustment.
      </p>
      <div className="table-scroll">
        <table className="pairs-table">
          <thead>
            <tr>
              <th scope="col">Pair</th>
              <th scope="col" className="right">
                Difference (points)
              </th>
              <th scope="col" className="right">
                95% CI
              </th>
              <th scope="col" className="right">
                p
              </th>
              <th scope="col" className="right">
                Holm-adjusted p
              </th>
              <th scope="col">Verdict</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((pair) => {
              const first = index.get(pair.evaluation_id_1) ?? 0;
              const second = index.get(pair.evaluation_id_2) ?? 0;
              const better = pair.difference > 0 ? second : first;
              return (
                <tr
                  key={`${pair.evaluation_id_1}-${pair.evaluation_id_2}`}
                  data-pair={`${runLetter(first)}${runLetter(second)}`}
                  data-significant={pair.significant_holm}
                >
                  <th
                    scope="row"
                    title={`${name(pair.evaluation_id_2)} − ${name(pair.evaluation_id_1)}`}
                  >
                    {runLetter(second)} − {runLetter(first)}
                  </th>
                  <td className="right num">{signedPoints(pair.difference)}</td>
                  <td className="right num">
                    [{limitPoints(pair.difference_interval.low)},{" "}
                    {limitPoints(pair.difference_interval.high)}]
                  </td>
                  <td className="right num">{pValueNumber(pair.p_value)}</td>
                  <td className="right num holm">{pValueNumber(pair.p_value_holm)}</td>
                  <td
                    className={pair.significant_holm ? "verdict-cell significant" : "verdict-cell"}
                  >
                    {pair.pairs === 0
                      ? "no shared prompts"
                      : pair.significant_holm
                        ? `${runLetter(better)} better (Holm-adjusted ${formatPValue(pair.p_value_holm)})`
                        : "no difference after Holm"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
