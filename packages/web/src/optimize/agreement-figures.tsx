import type { OptimizationStats, SplitAgreement } from "@assay/protocol";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";
import { KAPPA_UNDEFINED_TITLE } from "../judges/agreement.tsx";

/** κ with its 95% interval; "undefined" with the reason where it is (all labels or verdicts alike). */
export function Kappa({ figures }: { figures: SplitAgreement }) {
  if (figures.kappa === null)
    return (
      <span className="muted small" data-testid="kappa-undefined" title={KAPPA_UNDEFINED_TITLE}>
        undefined{figures.kappa_undefined_reason ? ` (${figures.kappa_undefined_reason})` : ""}
      </span>
    );
  return (
    <span className="num">
      {figures.kappa.toFixed(2)}
      {figures.kappa_interval ? (
        <span className="muted ci" title="95% interval of Cohen's κ">
          {" "}
          [{figures.kappa_interval.low.toFixed(2)}, {figures.kappa_interval.high.toFixed(2)}]
        </span>
      ) : null}
    </span>
  );
}

function Accuracy({ figures }: { figures: SplitAgreement }) {
  const { accuracy, accuracy_interval: ci } = figures;
  return <AccuracyInterval accuracy={accuracy} low={ci.low} high={ci.high} />;
}

/**
 * Agreement with people's labels, original goal versus optimized, on both splits. The held-out
 * columns decide; training is where the candidates were chosen, so its figures flatter them.
 */
export function AgreementFigures({ stats }: { stats: OptimizationStats }) {
  const rows = [
    { label: "original goal", figures: stats.baseline },
    ...(stats.best ? [{ label: candidateLabel(stats), figures: stats.best }] : []),
  ];
  return (
    <table className="agreement-figures">
      <thead>
        <tr>
          <th scope="col">Goal</th>
          <th scope="col">Held-out accuracy (n={stats.held_out_count})</th>
          <th scope="col" title="Cohen's κ: agreement beyond chance, -1 to 1">
            Held-out κ
          </th>
          <th scope="col">Training accuracy (n={stats.training_count})</th>
          <th scope="col">Training κ</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} data-goal={row.label}>
            <th scope="row">{row.label}</th>
            <td>
              <Accuracy figures={row.figures.held_out} />
            </td>
            <td>
              <Kappa figures={row.figures.held_out} />
            </td>
            <td>
              <Accuracy figures={row.figures.training} />
            </td>
            <td>
              <Kappa figures={row.figures.training} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The best candidate is the optimized goal only when it beat the original. */
export function candidateLabel(stats: Pick<OptimizationStats, "improved">): string {
  return stats.improved ? "optimized goal" : "best candidate";
}
