import type { EvaluationSpace } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { SpaceForm } from "./space-form.tsx";
import { SpaceRow } from "./space-row.tsx";
import { useSpaces } from "./use-spaces.ts";
import "./leaderboards.css";

/** The project's leaderboards (evaluation spaces), and the form to make or change one. */
export function LeaderboardsPage() {
  const spaces = useSpaces();
  // "new", a space being edited, or nothing: one form at a time.
  const [editing, setEditing] = useState<"new" | EvaluationSpace | undefined>();
  const [created, setCreated] = useState<EvaluationSpace | undefined>();
  const list = spaces.data?.evaluationSpaces;

  return (
    <section className="leaderboards">
      <div className="page-head">
        <h1>Leaderboards</h1>
        {spaces.data ? <span className="muted count">{spaces.data.totalCount}</span> : null}
        {editing === undefined ? (
          <button type="button" className="primary" onClick={() => setEditing("new")}>
            New leaderboard
          </button>
        ) : null}
      </div>
      {editing !== undefined ? (
        <SpaceForm
          key={editing === "new" ? "new" : editing.id}
          space={editing === "new" ? undefined : editing}
          onDone={(space) => {
            setCreated(editing === "new" ? space : undefined);
            setEditing(undefined);
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {created ? (
        <p className="notice" role="status">
          Created “{created.name}”.{" "}
          <Link to="/leaderboards/$id" params={{ id: created.id }}>
            Open it
          </Link>
        </p>
      ) : null}
      {spaces.isPending ? <p className="muted">Loading…</p> : null}
      {spaces.isError ? <ErrorMessage error={spaces.error} /> : null}
      {list?.length === 0 && editing === undefined ? <NoLeaderboards /> : null}
      {list && list.length > 0 ? (
        <div className="table-scroll">
          <table className="evaluations spaces">
            <thead>
              <tr>
                <th>Leaderboard</th>
                <th className="right">Models</th>
                <th className="right">Benchmarks</th>
                <th className="right" title="successful evaluations the filters match">
                  Evaluations
                </th>
                <th>Visibility</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((space) => (
                <SpaceRow key={space.id} space={space} onEdit={() => setEditing(space)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function NoLeaderboards() {
  return (
    <div className="empty">
      <p>
        <strong>No leaderboards yet.</strong> A leaderboard lines up the project's models against
        its benchmarks: one row per model, one column per benchmark, each cell the model's newest
        successful evaluation with its 95% interval, ranks that call overlapping models tied, and
        accuracy against cost.
      </p>
      <p>
        Make one with <strong>New leaderboard</strong>: name it, and choose the models and
        benchmarks it compares (or leave the filters empty to include every successful evaluation).
        It fills itself as evaluations finish.
      </p>
    </div>
  );
}
