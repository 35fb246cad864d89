import type { ComparisonPage } from "@assay/client";
import type { ComparisonResult } from "@assay/protocol";
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { CELL_INFO, type Cell } from "./compare-search.ts";
import { wordDiff } from "./word-diff.ts";

/**
 * The prompts of one cell of the agreement table, a page at a time: the prompt, the truth, both
 * answers side by side, and a word diff from A's answer to B's.
 */
export function DisagreementBrowser({
  cell,
  page,
  comparison,
  loading,
}: {
  cell: Cell;
  page: number;
  comparison: ComparisonPage;
  loading: boolean;
}) {
  const navigate = useNavigate({ from: "/compare" });
  const { totalCount, totalPages } = comparison.pagination;
  const goTo = (next: number) =>
    navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });
  return (
    <div className="disagreements" aria-busy={loading}>
      <div className="browser-head">
        <h2>
          {CELL_INFO[cell].label[0]?.toUpperCase()}
          {CELL_INFO[cell].label.slice(1)}: {totalCount} {totalCount === 1 ? "prompt" : "prompts"}
        </h2>
        {totalPages > 1 ? (
          <nav className="pager" aria-label="pages">
            <button type="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              ← Previous
            </button>
            <span className="muted num">
              page {page} of {totalPages}
            </span>
            <button type="button" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
              Next →
            </button>
          </nav>
        ) : null}
        <button
          type="button"
          className="link"
          onClick={() => navigate({ search: (p) => ({ a: p.a, b: p.b }) })}
        >
          close
        </button>
      </div>
      {totalCount === 0 ? <p className="muted">No prompt falls in this cell.</p> : null}
      <ol className="pairs" start={(page - 1) * comparison.pagination.pageSize + 1}>
        {comparison.results.map((r) => (
          <PairItem key={r.prompt_id} result={r} />
        ))}
      </ol>
    </div>
  );
}

function PairItem({ result: r }: { result: ComparisonResult }) {
  const diff = useMemo(() => wordDiff(r.result1, r.result2), [r.result1, r.result2]);
  return (
    <li className="pair" data-prompt-id={r.prompt_id}>
      <div className="pair-meta muted small">
        prompt <code>{r.prompt_id}</code> · subset {r.subset}
      </div>
      <pre className="prompt">{r.prompt}</pre>
      <div className="truth small">
        <span className="muted">truth</span> <code>{r.truth}</code>
      </div>
      <div className="answers">
        <Answer letter="A" text={r.result1} passed={r.passed1} />
        <Answer letter="B" text={r.result2} passed={r.passed2} />
      </div>
      <div className="diff small">
        <span className="muted">A → B </span>
        {diff.map((part, i) =>
          part.kind === "same" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
            <span key={i}>{part.text}</span>
          ) : part.kind === "removed" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <del key={i}>{part.text}</del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <ins key={i}>{part.text}</ins>
          ),
        )}
      </div>
    </li>
  );
}

function Answer({ letter, text, passed }: { letter: string; text: string; passed: boolean }) {
  return (
    <div className={`answer ${passed ? "is-right" : "is-wrong"}`} data-side={letter}>
      <div className="answer-head small">
        <strong>{letter}</strong> <span>{passed ? "✓ right" : "✗ wrong"}</span>
      </div>
      <pre>{text === "" ? <span className="muted">(empty answer)</span> : text}</pre>
    </div>
  );
}
