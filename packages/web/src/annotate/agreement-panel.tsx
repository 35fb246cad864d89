import type { Agreement, Confusion, VersionAgreement } from "@assay/protocol";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";
import { KAPPA_UNDEFINED_TITLE } from "../judges/agreement.tsx";
import { count } from "../shared/format.ts";
import type { Cell } from "./annotate-search.ts";

/**
 * How the judge agrees with the people's labels, as the server computes it: accuracy (Wilson
 * interval) and Cohen's κ (its interval, or why it is undefined), the 2×2 table whose cells open
 * their traces, and the same figures per judge version.
 */
export function AgreementPanel({
  agreement,
  confusion,
  byVersion,
  cell,
  onCell,
}: {
  agreement: Agreement;
  confusion: Confusion;
  byVersion: VersionAgreement[];
  cell: Cell | undefined;
  onCell: (cell: Cell | undefined) => void;
}) {
  const cellButton = (which: Cell, n: number, agree: boolean) => (
    <td>
      <button
        type="button"
        className={`confusion-cell ${agree ? "agree" : "disagree"} ${cell === which ? "open" : ""}`}
        aria-pressed={cell === which}
        data-cell={which}
        onClick={() => onCell(cell === which ? undefined : which)}
      >
        <span className="num">{count(n)}</span>
      </button>
    </td>
  );
  return (
    <section className="agreement-panel" aria-label="Agreement with the judge">
      <h2>Agreement</h2>
      <Figures agreement={agreement} />
      <table className="confusion">
        <caption>Labels (rows) against the judge's latest verdicts (columns)</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">judge pass</th>
            <th scope="col">judge fail</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">you pass</th>
            {cellButton("pass_pass", confusion.human_pass_judge_pass, true)}
            {cellButton("pass_fail", confusion.human_pass_judge_fail, false)}
          </tr>
          <tr>
            <th scope="row">you fail</th>
            {cellButton("fail_pass", confusion.human_fail_judge_pass, false)}
            {cellButton("fail_fail", confusion.human_fail_judge_fail, true)}
          </tr>
        </tbody>
      </table>
      {agreement.annotation_count > agreement.compared && (
        <p className="muted">
          {count(agreement.annotation_count - agreement.compared)} label(s) wait for a verdict.
        </p>
      )}
      <VersionTable byVersion={byVersion} />
    </section>
  );
}

function Figures({ agreement }: { agreement: Agreement }) {
  if (agreement.compared === 0)
    return (
      <p className="muted" data-testid="agreement-empty">
        No label has a verdict to compare with yet: label a trace to start.
      </p>
    );
  return (
    <dl className="agreement-figures" data-testid="agreement-figures">
      <dt>Accuracy</dt>
      <dd data-testid="agreement-accuracy">
        {agreement.accuracy !== null && agreement.accuracy_interval && (
          <AccuracyInterval
            accuracy={agreement.accuracy}
            low={agreement.accuracy_interval.low}
            high={agreement.accuracy_interval.high}
          />
        )}{" "}
        <span className="muted num">
          {count(agreement.agreements)} of {count(agreement.compared)}
        </span>
      </dd>
      <dt>Cohen's κ</dt>
      <dd data-testid="agreement-kappa">
        <Kappa agreement={agreement} />
      </dd>
    </dl>
  );
}

/**
 * κ with its interval; undefined, with the server's reason, when every label (or every verdict) is
 * the same answer: κ is then 0 whatever the other side does, so it measures nothing.
 */
function Kappa({ agreement }: { agreement: Agreement }) {
  if (agreement.kappa === null || !agreement.kappa_interval)
    return (
      <span className="muted" data-testid="kappa-undefined" title={KAPPA_UNDEFINED_TITLE}>
        undefined
        {agreement.kappa_undefined_reason ? `: ${agreement.kappa_undefined_reason}` : ""}
      </span>
    );
  const { low, high } = agreement.kappa_interval;
  return (
    <span title="95% interval: Fleiss, Cohen & Everitt's, never narrower than the observed agreement's Wilson interval allows">
      <span className="num">{agreement.kappa.toFixed(2)}</span>{" "}
      <span className="muted num">
        [{low.toFixed(2)}, {high.toFixed(2)}]
      </span>
    </span>
  );
}

function VersionTable({ byVersion }: { byVersion: VersionAgreement[] }) {
  if (byVersion.length === 0) return null;
  return (
    <table className="version-agreement" data-testid="version-agreement">
      <caption>Each judge version against the labels of the traces it judged</caption>
      <thead>
        <tr>
          <th scope="col">version</th>
          <th scope="col">n</th>
          <th scope="col">accuracy</th>
          <th scope="col">κ</th>
        </tr>
      </thead>
      <tbody>
        {byVersion.map((version) => (
          <tr key={version.judge_version}>
            <th scope="row">v{version.judge_version}</th>
            <td className="num">{count(version.compared)}</td>
            <td>
              {version.accuracy !== null && version.accuracy_interval && (
                <AccuracyInterval
                  accuracy={version.accuracy}
                  low={version.accuracy_interval.low}
                  high={version.accuracy_interval.high}
                />
              )}
            </td>
            <td>
              <Kappa agreement={version} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
