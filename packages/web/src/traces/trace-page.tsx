import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { RunJudge } from "./run-judge.tsx";
import { FORMAT_LABELS, shortDateTime } from "./trace-format.ts";
import { TraceTotals } from "./trace-totals.tsx";
import { TraceVerdicts } from "./trace-verdicts.tsx";
import { TraceViewer } from "./trace-viewer.tsx";
import type { TraceSearch } from "./traces-search.ts";
import { useTraceNeighbours } from "./use-trace-neighbours.ts";
import { useDeleteTrace, useTrace } from "./use-traces.ts";
import "./traces.css";

/**
 * One trace: its totals, the viewer, its verdicts beside it with Run judge and Label, previous
 * and next in the list it was opened from, and Delete (after a confirmation).
 */
export function TracePage({ id, search }: { id: string; search: TraceSearch }) {
  const trace = useTrace(id);
  if (trace.isPending) return <p className="muted">Loading…</p>;
  if (trace.isError)
    return (
      <section>
        <p>
          <Link to="/traces" search={search}>
            ← Traces
          </Link>
        </p>
        <ErrorMessage error={trace.error} />
      </section>
    );
  const t = trace.data;
  return (
    <section className="trace-view">
      <TraceNav id={id} search={search} />
      <div className="page-head">
        <h1>
          {t.filename} <span className="muted num">#{t.position}</span>
        </h1>
        <span className={`format format-${t.format}`}>{FORMAT_LABELS[t.format]}</span>
        <span className="muted small">{shortDateTime(t.created_at)}</span>
        <DeleteTrace id={id} />
      </div>
      <TraceTotals trace={t} />
      <div className="trace-columns">
        <TraceViewer trace={t} />
        <div className="trace-side">
          <RunJudge traceId={id} />
          <TraceVerdicts traceId={id} />
        </div>
      </div>
    </section>
  );
}

function DeleteTrace({ id }: { id: string }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteTrace();
  const navigate = useNavigate();
  if (!asking)
    return (
      <button type="button" className="danger delete-trace" onClick={() => setAsking(true)}>
        Delete…
      </button>
    );
  return (
    <div className="confirm" role="alertdialog" aria-label="Delete this trace?">
      <span>Delete this trace and all its verdicts? This cannot be undone.</span>
      <button
        type="button"
        className="danger"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(id, { onSuccess: () => navigate({ to: "/traces", search: {} }) })
        }
      >
        Delete
      </button>
      <button type="button" onClick={() => setAsking(false)} disabled={remove.isPending}>
        Cancel
      </button>
      {remove.isError ? <ErrorMessage error={remove.error} /> : null}
    </div>
  );
}

/** Back to the list, and the previous and next trace in its order (page by page). */
function TraceNav({ id, search }: { id: string; search: TraceSearch }) {
  const { previous, next, position, total } = useTraceNeighbours(id, search);
  const step = (to: { id: string; page: number } | undefined, label: string, text: string) =>
    to ? (
      <Link
        to="/traces/$id"
        params={{ id: to.id }}
        search={{ ...search, page: to.page > 1 ? to.page : undefined }}
        aria-label={label}
        className="step"
      >
        {text}
      </Link>
    ) : (
      <span className="step muted" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav className="trace-nav small" aria-label="Traces">
      <Link to="/traces" search={search}>
        ← Traces
      </Link>
      {position !== undefined ? (
        <>
          {step(previous, "Previous trace", "‹ Previous")}
          <span className="muted num">
            {position} of {total}
          </span>
          {step(next, "Next trace", "Next ›")}
        </>
      ) : null}
    </nav>
  );
}
