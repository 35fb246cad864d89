import type { Scorer } from "@assay/protocol";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { useDeleteScorer } from "./use-scorers.ts";

/** The scorers with their model and rubric; Edit opens the form, Delete asks first. */
export function ScorersTable(props: {
  scorers: readonly Scorer[];
  editingId: string | undefined;
  onEdit: (scorer: Scorer) => void;
  onDeleted: (scorer: Scorer) => void;
}) {
  const remove = useDeleteScorer();
  const [confirming, setConfirming] = useState<string>();
  return (
    <>
      {remove.isError ? <ErrorMessage error={remove.error} /> : null}
      <div className="table-scroll">
        <table className="scorers-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Model</th>
              <th scope="col">Rubric</th>
              <th scope="col">Id</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.scorers.map((s) => (
              <tr
                key={s.id}
                data-scorer={s.name}
                className={props.editingId === s.id ? "editing" : undefined}
              >
                <td>
                  <strong>{s.name}</strong>
                  {s.description ? <div className="muted small">{s.description}</div> : null}
                </td>
                <td>
                  {s.model_name ? (
                    <a href={`/ui/models/${s.model_id}`}>{s.model_name}</a>
                  ) : (
                    <span className="bad-text" title="the scorer's model is gone: edit it">
                      unknown model
                    </span>
                  )}
                  <div className="muted small">{s.model_key}</div>
                </td>
                <td title={s.prompt}>
                  <div className="rubric">{s.prompt}</div>
                </td>
                <td>
                  <code className="small">{s.id}</code>
                </td>
                <td className="actions">
                  {confirming === s.id ? (
                    <span className="confirm-delete">
                      <button
                        type="button"
                        className="danger"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(s.id, {
                            onSuccess: () => {
                              setConfirming(undefined);
                              props.onDeleted(s);
                            },
                          })
                        }
                      >
                        Delete {s.name}
                      </button>{" "}
                      <button type="button" onClick={() => setConfirming(undefined)}>
                        Keep
                      </button>
                    </span>
                  ) : (
                    <>
                      <button
                        type="button"
                        onClick={() => props.onEdit(s)}
                        aria-label={`Edit ${s.name}`}
                      >
                        Edit
                      </button>{" "}
                      <button
                        type="button"
                        onClick={() => setConfirming(s.id)}
                        aria-label={`Delete ${s.name}…`}
                      >
                        Delete…
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
