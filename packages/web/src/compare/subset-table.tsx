import { type PairedMethod, pValueNumber, type SubsetPairedStats } from "@assay/protocol";
import { limitPoints, methodNames, signedPoints } from "./format-comparison.ts";

/** Differences on a −100…+100 points scale, drawn as a small interval whisker per subset. */
const WIDTH = 120;
const HEIGHT = 12;
const x = (difference: number) => 3 + ((difference + 1) / 2) * (WIDTH - 6);

/**
 * B − A per subset. Exploratory: with many subsets some differ by chance, so the p-values are
 * Holm-adjusted (from the server) and the table says so.
 */
export function SubsetTable({
  subsets,
  method,
}: {
  subsets: SubsetPairedStats[];
  method: PairedMethod;
}) {
  if (subsets.length < 2) return null;
  const p = methodNames(method).p;
  return (
    <div className="subsets">
      <h2>
        By subset <span className="badge">exploratory</span>
      </h2>
      <p className="muted small">
        Many small tests: a subset's difference is a lead to follow up, not a finding. Each interval
        and {p} are that subset's alone (the interval excludes 0 exactly when p &lt; 0.05); Holm's
        adjustment accounts for testing {subsets.length} subsets together.
      </p>
      <div className="table-scroll">
        <table className="subset-table">
          <thead>
            <tr>
              <th>Subset</th>
              <th className="right">n</th>
              <th className="right" title="A right, B wrong">
                only A
              </th>
              <th className="right" title="A wrong, B right">
                only B
              </th>
              <th>B − A (95% CI)</th>
              <th className="right">{p}</th>
              <th className="right">Holm p</th>
            </tr>
          </thead>
          <tbody>
            {subsets.map((s) => (
              <tr key={s.subset} data-subset={s.subset}>
                <td>{s.subset}</td>
                <td className="right num">{s.pairs}</td>
                <td className="right num">{s.only_1_correct}</td>
                <td className="right num">{s.only_2_correct}</td>
                <td className="num">
                  <span className="diff-text">{signedPoints(s.difference)}</span>{" "}
                  <span className="muted small ci">
                    [{limitPoints(s.difference_interval.low)},{" "}
                    {limitPoints(s.difference_interval.high)}]
                  </span>
                  <DifferenceWhisker s={s} />
                </td>
                <td className="right num">{pValueNumber(s.p_value)}</td>
                <td className={`right num${s.p_value_holm < 0.05 ? " strong" : ""}`}>
                  {pValueNumber(s.p_value_holm)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function DifferenceWhisker({ s }: { s: SubsetPairedStats }) {
  const { low, high } = s.difference_interval;
  return (
    <svg
      className="whisker"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`difference ${signedPoints(s.difference)} points, 95% interval ${signedPoints(low)} to ${signedPoints(high)}`}
    >
      <line className="axis" x1={x(-1)} x2={x(1)} y1={HEIGHT / 2} y2={HEIGHT / 2} />
      <line className="zero" x1={x(0)} x2={x(0)} y1={1} y2={HEIGHT - 1} />
      <line className="interval" x1={x(low)} x2={x(high)} y1={HEIGHT / 2} y2={HEIGHT / 2} />
      <circle className="estimate" cx={x(s.difference)} cy={HEIGHT / 2} r={2.5} />
    </svg>
  );
}
