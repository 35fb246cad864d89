import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { FORMAT_LABELS, shortDateTime } from "./trace-format.ts";
import { TraceVerdicts } from "./trace-verdicts.tsx";
import { TraceViewer } from "./trace-viewer.tsx";
import { useDeleteTrace, useTrace } from "./use-traces.ts";
import "./traces.css";

/** One trace: the viewer, its verdicts beside it, and Delete (after a confirmation). */
export function TracePage({ id }: { id: string }) {
  const trace = useTrace(id);
  if (trace.isPending) return <p className="muted">Loading…</p>;
  if (trace.isError)
    return (
      <section>
        <p>
          <Link to="/traces">← Traces</Link>
        </p>
        <ErrorMessage error={trace.error} />
      </section>
    );
  const t = trace.data;
  return (
    <section className="trace-view">
      <p className="muted small">
        <Link to="/traces">← Traces</Link>
      </p>
      <div className="page-head">
        <h1>
          {t.filename} <span className="muted num">#{t.position}</span>
        </h1>
        <span className={`format format-${t.format}`}>{FORMAT_LABELS[t.format]}</span>
        <span className="muted small">{shortDateTime(t.created_at)}</span>
        <DeleteTrace id={id} />
      </div>
      <div className="trace-columns">
        <TraceViewer trace={t} />
        <TraceVerdicts traceId={id} />
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
