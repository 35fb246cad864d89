import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { JudgeForm } from "./judge-form.tsx";
import { JudgesTable } from "./judges-table.tsx";
import { useJudges } from "./use-judges.ts";
import "./judges.css";

/** The project's judges with how far people's labels agree with them, and a form for a new one. */
export function JudgesPage() {
  const judges = useJudges();
  const [created, setCreated] = useState<{ id: string; name: string }>();
  const list = judges.data?.judges ?? [];
  return (
    <section className="judges-page">
      <div className="page-head">
        <h1>Judges</h1>
        {judges.data ? (
          <span className="muted count">{judges.data.totalCount} in this project</span>
        ) : null}
        <a className="head-action" href="#new-judge">
          New judge ↓
        </a>
      </div>
      {judges.isPending ? <p className="muted">Loading…</p> : null}
      {judges.isError ? <ErrorMessage error={judges.error} /> : null}
      {judges.data && list.length === 0 ? (
        <div className="empty">
          <p>
            No judges in this project yet. A judge is an LLM with an evaluation goal that reads your
            application's traces and says pass or fail, with its reasons.{" "}
            <a href="#new-judge">Create one below</a>, then run it on traces from its page.
          </p>
          <pre>
            <code>assay judges create --name "Answers the question" --goal "…"</code>
          </pre>
        </div>
      ) : null}
      {list.length > 0 ? <JudgesTable judges={list} /> : null}
      <h2 id="new-judge">New judge</h2>
      {created ? (
        <p className="notice" role="status">
          Created{" "}
          <Link to="/judges/$id" params={{ id: created.id }}>
            {created.name}
          </Link>
          . Open it to run it on traces.
        </p>
      ) : null}
      <JudgeForm onSaved={(judge) => setCreated({ id: judge.id, name: judge.name })} />
    </section>
  );
}
