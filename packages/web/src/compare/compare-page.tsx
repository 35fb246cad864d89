import { formatPValue } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { ErrorMessage } from "../shared/error-message.tsx";
import { AgreementTable } from "./agreement-table.tsx";
import "./compare.css";
import type { CompareSearch } from "./compare-search.ts";
import { DisagreementBrowser } from "./disagreement-browser.tsx";
import { EvaluationCard } from "./evaluation-card.tsx";
import {
  headlineTone,
  limitPoints,
  methodNames,
  signedPoints,
  verdictSentence,
} from "./format-comparison.ts";
import { PromptSetWarning } from "./prompt-set-warning.tsx";
import { SampleSizeNote } from "./sample-size-note.tsx";
import { SubsetTable } from "./subset-table.tsx";
import { useComparison } from "./use-comparison.ts";

/** `/compare?a=…&b=…`: how B differs from A, prompt by prompt, and how sure that is. */
export function ComparePage({ search }: { search: CompareSearch }) {
  const { a, b } = search;
  if (!a || !b)
    return (
      <section>
        <h1>Comparison</h1>
        <div className="empty">
          <p>
            Choose two evaluations of the same benchmark to compare: tick them on the{" "}
            <Link to="/evaluations">Evaluations</Link> list and press <strong>Compare</strong>.
          </p>
        </div>
      </section>
    );
  return <Comparison a={a} b={b} search={search} />;
}

function Comparison({ a, b, search }: { a: string; b: string; search: CompareSearch }) {
  const comparison = useComparison(a, b, search.cell, search.page ?? 1);
  const data = comparison.data;
  const stats = data?.stats;
  return (
    <section className="compare">
      <h1>Comparison</h1>
      <div className="compare-pair">
        <EvaluationCard id={a} letter="A" caption="reference" />
        <EvaluationCard id={b} letter="B" caption="compared with A" />
      </div>
      {comparison.isPending ? <p className="muted">Loading…</p> : null}
      {comparison.isError ? <ErrorMessage error={comparison.error} /> : null}
      {data && stats ? (
        <>
          <PromptSetWarning comparison={data} a={a} b={b} />
          <div className="headline" data-tone={headlineTone(stats)}>
            <p className="verdict">{verdictSentence(stats)}</p>
            {stats.pairs > 0 ? (
              <p className="muted small num" data-method={stats.method}>
                B − A = {signedPoints(stats.difference)} points, 95% CI [
                {limitPoints(stats.difference_interval.low)},{" "}
                {limitPoints(stats.difference_interval.high)}] ({methodNames(stats.method).interval}
                , {methodNames(stats.method).relation}); {methodNames(stats.method).test}{" "}
                {formatPValue(stats.p_value)}; {stats.pairs} paired prompts
              </p>
            ) : null}
          </div>
          <div className="compare-grid">
            <AgreementTable a={a} b={b} stats={stats} selected={search.cell} />
            <SampleSizeNote stats={stats} />
          </div>
          <SubsetTable subsets={stats.subsets} method={stats.method} />
          {search.cell ? (
            <DisagreementBrowser
              cell={search.cell}
              page={data.pagination.page}
              comparison={data}
              loading={comparison.isPlaceholderData}
            />
          ) : (
            <p className="muted">
              Choose a cell of the table to read its prompts and both answers.
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
