import type { Agreement } from "@assay/protocol";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";

/** Why "every label is pass" leaves κ undefined, for a tooltip beside the server's reason. */
export const KAPPA_UNDEFINED_TITLE =
  "κ measures agreement beyond chance: with a single answer on one side, chance accounts for all of it, whatever the other side does";

/** κ with two decimals and a real minus sign: 0.4 → "0.40", −0.1 → "−0.10". */
export function kappaText(value: number): string {
  return value.toFixed(2).replace("-", "−");
}

/**
 * How a judge's verdicts agree with people's labels: accuracy with its Wilson interval, and
 * Cohen's κ (agreement beyond chance) with its interval, or "undefined" with the server's reason
 * on hover (all labels or all verdicts alike). A dash while no label has a verdict.
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
      <span className="kappa small" title="Cohen's κ with its 95% interval">
        κ{" "}
        {kappa === null ? (
          <span
            className="muted"
            title={`${agreement.kappa_undefined_reason ?? "undefined"}. ${KAPPA_UNDEFINED_TITLE}`}
          >
            undefined
          </span>
        ) : (
          <span className="num">{kappaText(kappa)}</span>
        )}
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
