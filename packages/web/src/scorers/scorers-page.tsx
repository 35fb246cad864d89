import type { Scorer } from "@assay/protocol";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { ScorerForm } from "./scorer-form.tsx";
import { ScorersTable } from "./scorers-table.tsx";
import { useScorers } from "./use-scorers.ts";
import "./scorers.css";

/**
 * The project's scorers: named rubrics a model grades each answer of a custom benchmark by. One
 * form at a time: a new scorer below the list, or the one being edited in its place.
 */
export function ScorersPage() {
  const scorers = useScorers();
  const [editing, setEditing] = useState<Scorer>();
  const [saved, setSaved] = useState<string>();
  const list = scorers.data?.scorers ?? [];

  return (
    <section className="scorers-page">
      <div className="page-head">
        <h1>Scorers</h1>
        {scorers.data ? <span className="muted count">{list.length} in this project</span> : null}
      </div>
      {scorers.isPending ? <p className="muted">Loading…</p> : null}
      {scorers.isError ? <ErrorMessage error={scorers.error} /> : null}
      {saved ? (
        <p className="saved" role="status">
          {saved}
        </p>
      ) : null}
      {scorers.data && list.length === 0 ? <EmptyState /> : null}
      {list.length > 0 ? (
        <ScorersTable
          scorers={list}
          editingId={editing?.id}
          onEdit={(s) => {
            setSaved(undefined);
            setEditing(s);
            // The form takes the scorer; keyboard and eye follow it there.
            requestAnimationFrame(() => document.getElementById("input-body-name")?.focus());
          }}
          onDeleted={(s) => {
            setSaved(`Deleted the scorer ${s.name}.`);
            if (editing?.id === s.id) setEditing(undefined);
          }}
        />
      ) : null}
      {list.length > 0 ? <UsageNote /> : null}

      <h2 id="scorer-form">{editing ? `Edit ${editing.name}` : "New scorer"}</h2>
      <div className="scorer-form-panel">
        <ScorerForm
          // A fresh form per scorer: its draft starts from that scorer.
          key={editing?.id ?? "new"}
          scorer={editing}
          onSaved={(message) => {
            setSaved(message);
            setEditing(undefined);
          }}
          onCancel={editing ? () => setEditing(undefined) : undefined}
        />
      </div>
    </section>
  );
}

function EmptyState() {
  return (
    <div className="empty">
      <p>
        No scorers in this project yet. A scorer is a rubric — what a good answer does, in your
        words — and a model that grades every answer by it, with a score from 0 to 1, pass or fail,
        and a reason. Use one where exact-match scoring cannot say what you care about: tone,
        completeness, following a policy.
      </p>
      <p>Create one with the form below, then name it when you create a custom benchmark:</p>
      <UsageExample />
      <p>
        Every result of that benchmark's evaluations is then graded by each scorer, and the
        evaluation shows each scorer's mean with its 95% interval beside the accuracy.
      </p>
    </div>
  );
}

function UsageNote() {
  return (
    <details className="usage">
      <summary>How a custom benchmark uses scorers</summary>
      <UsageExample />
      <p className="muted small">
        Each scorer is one more model call per result; the evaluation page shows each scorer's mean
        with its 95% interval, and the results view each prompt's grade and reason.
      </p>
    </details>
  );
}

function UsageExample() {
  return (
    <pre>{`assay benchmarks create --name "Support answers" --file answers.jsonl \\
  --scorers <scorer id>,<scorer id>

# or the API (the SDKs take the same field):
POST …/custom-benchmarks
{"name": …, "file": …, "custom_scorers": ["<scorer id>"]}`}</pre>
  );
}
