import type { Agreement } from "@assay/protocol";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";

/** κ with two decimals and a real minus sign: 0.4 → "0.40", −0.1 → "−0.10". */
export function kappaText(value: number): string {
  return value.toFixed(2).replace("-", "−");
}

/**
 * How a judge's verdicts agree with people's labels: accuracy with its Wilson interval, and
 * Cohen's κ (agreement beyond chance) with its interval. A dash while no label has a verdict.
 */
export function AgreementFigures({ agreement }: { agreement: Agreement }) {
  const { accuracy, accuracy_interval, kappa, kappa_interval } = agreement;
  if (accuracy === null || accuracy_interval === null)
    return (
      <span className="muted" title="no label has a verdict of this judge to compare with yet">
        —
      </span>
    );
  return (
    <span className="agreement-figures">
      <AccuracyInterval
        accuracy={accuracy}
        low={accuracy_interval.low}
        high={accuracy_interval.high}
      />
      <span
        className="kappa small"
        title="Cohen's κ with its 95% interval (Fleiss, Cohen & Everitt)"
      >
        κ <span className="num">{kappa === null ? "—" : kappaText(kappa)}</span>
        {kappa_interval ? (
          <span className="muted num">
            {" "}
            [{kappaText(kappa_interval.low)}, {kappaText(kappa_interval.high)}]
          </span>
        ) : null}
      </span>
      <span className="muted small">
        {agreement.agreements} of {agreement.compared} agree
      </span>
    </span>
  );
}
