import type { Judge } from "@assay/protocol";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { dateTime } from "../shared/format.ts";
import { AgreementFigures } from "./agreement.tsx";
import { GoalVersions } from "./goal-versions.tsx";
import { JudgeForm } from "./judge-form.tsx";
import { JudgeModel } from "./judge-model.tsx";
import { RunPanel } from "./run-panel.tsx";
import { useDeleteJudge, useJudge } from "./use-judges.ts";
import { VerdictsTable } from "./verdicts-table.tsx";
import "./judges.css";

/**
 * One judge: what it is (goal, model, version), how its goal changed, how it agrees with
 * people's labels, and running it on traces with its verdicts as they come.
 */
export function JudgePage({ id }: { id: string }) {
  const judge = useJudge(id);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string>();
  if (judge.isPending) return <p className="muted">Loading…</p>;
  if (judge.isError) return <ErrorMessage error={judge.error} />;
  const j = judge.data;
  return (
    <section className="judge-page">
      <p className="small">
        <Link to="/judges">← Judges</Link>
      </p>
      <div className="page-head">
        <h1>{j.name}</h1>
        <span className="muted">v{j.version}</span>
        <DeleteButton judge={j} />
      </div>
      <table className="facts-table">
        <tbody>
          <tr>
            <th>Model</th>
            <td>
              <JudgeModel judge={j} />
            </td>
          </tr>
          <tr>
            <th>Runs</th>
            <td>{j.run_count}</td>
          </tr>
          <tr>
            <th>Created</th>
            <td>{dateTime(j.created_at)}</td>
          </tr>
          <tr>
            <th>Last change</th>
            <td>{dateTime(j.updated_at)}</td>
          </tr>
        </tbody>
      </table>

      <h2>Evaluation goal</h2>
      {editing ? (
        <JudgeForm
          judge={j}
          onSaved={(next) => {
            setEditing(false);
            setSaved(`Saved as v${next.version}.`);
          }}
        />
      ) : (
        <>
          <p className="goal-text current-goal">{j.evaluation_goal}</p>
          <button
            type="button"
            onClick={() => {
              setSaved(undefined);
              setEditing(true);
            }}
          >
            Edit (makes a new version)
          </button>
          {saved ? (
            <span className="saved-note" role="status">
              {" "}
              {saved}
            </span>
          ) : null}
        </>
      )}
      {editing ? (
        <button type="button" className="link" onClick={() => setEditing(false)}>
          Cancel editing
        </button>
      ) : null}

      <h2>Agreement with people's labels</h2>
      <div className="agreement-panel">
        <p>
          <strong>{j.annotation_count}</strong> label{j.annotation_count === 1 ? "" : "s"}
          {j.agreement.compared < j.annotation_count
            ? `, ${j.agreement.compared} with a verdict of this judge to compare`
            : ""}
        </p>
        <AgreementFigures agreement={j.agreement} />
        <p className="small">
          <a href={`/ui/judges/${j.id}/annotate`}>Label traces and see disagreements</a> ·{" "}
          <a href={`/ui/judges/${j.id}/optimize`}>Optimize the goal against the labels</a>
        </p>
      </div>

      <h2>Versions</h2>
      <GoalVersions versions={j.versions} />

      <h2>Run on traces</h2>
      <RunPanel judgeId={j.id} />

      <h2>Verdicts</h2>
      <VerdictsTable judgeId={j.id} />
    </section>
  );
}

function DeleteButton({ judge }: { judge: Judge }) {
  const remove = useDeleteJudge();
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        className="danger head-action"
        disabled={remove.isPending}
        onClick={() => {
          if (
            window.confirm(
              `Delete the judge ${judge.name}? Its ${judge.run_count} runs and their labels go with it.`,
            )
          )
            remove.mutate(judge.id, { onSuccess: () => void navigate({ to: "/judges" }) });
        }}
      >
        Delete judge
      </button>
      {remove.isError ? <ErrorMessage error={remove.error} /> : null}
    </>
  );
}
