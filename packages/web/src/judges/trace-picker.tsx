import type { TraceWithEvaluations } from "@assay/protocol";
import { useEffect, useState } from "react";
import { Pager } from "../evaluations/pager.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { type VerdictOutcome, verdictOutcome } from "../traces/verdict-chip.tsx";
import { TRACE_PAGE_SIZE, useTracePage } from "./use-judges.ts";

/**
 * The project's traces to judge: a search (input and file name), a page of them with a box each
 * and one for the whole page. The chosen ids survive paging and searching, so a selection can
 * be built from several searches.
 */
export function TracePicker({
  selected,
  onChange,
}: {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  // Searching as one types, without a request per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const traces = useTracePage(search, page);
  const rows = traces.data?.traces ?? [];
  const allOnPage = rows.length > 0 && rows.every((t) => selected.has(t.id));

  function toggle(ids: readonly string[], on: boolean) {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  }

  return (
    <div className="trace-picker">
      <div className="picker-bar">
        <label>
          <span className="visually-hidden">Search traces</span>
          <input
            type="search"
            placeholder="Search traces (input, file name)…"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <span className="muted small" aria-live="polite">
          {selected.size} selected
        </span>
        {selected.size > 0 ? (
          <button type="button" className="link" onClick={() => onChange(new Set())}>
            Clear selection
          </button>
        ) : null}
      </div>
      {traces.isError ? <ErrorMessage error={traces.error} /> : null}
      {traces.data && rows.length === 0 ? (
        <p className="empty">
          {search === ""
            ? "No traces in this project yet. Upload a file of traces (JSONL or JSON) with `assay traces upload <file>` or the SDK's traces.upload(), then pick them here."
            : "No trace matches this search."}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-scroll">
          <table className="evaluations picker-table">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label="Select all traces on this page"
                    checked={allOnPage}
                    onChange={(e) =>
                      toggle(
                        rows.map((t) => t.id),
                        e.target.checked,
                      )
                    }
                  />
                </th>
                <th>Input</th>
                <th>File</th>
                <th>Last verdicts</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((trace) => (
                <TraceRow
                  key={trace.id}
                  trace={trace}
                  checked={selected.has(trace.id)}
                  onToggle={(on) => toggle([trace.id], on)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {traces.data && traces.data.totalCount > TRACE_PAGE_SIZE ? (
        <Pager
          page={page}
          pageSize={TRACE_PAGE_SIZE}
          totalCount={traces.data.totalCount}
          onPage={setPage}
          noun="traces"
        />
      ) : null}
    </div>
  );
}

function TraceRow({
  trace,
  checked,
  onToggle,
}: {
  trace: TraceWithEvaluations;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const input = trace.input ?? "";
  return (
    <tr data-trace-id={trace.id}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select trace ${trace.filename} #${trace.position}`}
          checked={checked}
          onChange={(e) => onToggle(e.target.checked)}
        />
      </td>
      <td className="trace-input" title={input.slice(0, 500)}>
        {input === "" ? <span className="muted">(no input)</span> : input.slice(0, 140)}
      </td>
      <td className="muted small">
        {trace.filename} #{trace.position}
      </td>
      <td className="small">
        {trace.last_evaluations.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          trace.last_evaluations.slice(0, 3).map((e) => (
            <span key={`${e.judge_id}-${e.created_at}`} className="last-verdict">
              {e.judge_name} v{e.judge_version}:{" "}
              <OutcomeWord outcome={verdictOutcome(e.passed, e.status)} />
            </span>
          ))
        )}
      </td>
    </tr>
  );
}

const WORDS: Record<VerdictOutcome, string> = {
  pass: "pass",
  fail: "fail",
  pending: "…",
  error: "error",
};

/** A latest verdict in a word; a run that errored says so (it is not still running). */
function OutcomeWord({ outcome }: { outcome: VerdictOutcome }) {
  return (
    <span
      className={`outcome-word outcome-${outcome}`}
      data-outcome={outcome}
      title={outcome === "pending" ? "waiting for the judge" : undefined}
    >
      {WORDS[outcome]}
    </span>
  );
}
