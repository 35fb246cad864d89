import type { EvaluationSpace } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { useDeleteSpace } from "./use-spaces.ts";

/** One leaderboard in the list; deleting asks once more in place (its evaluations stay). */
export function SpaceRow({ space, onEdit }: { space: EvaluationSpace; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSpace();
  return (
    <tr data-space-id={space.id} data-space-slug={space.slug}>
      <td className="space-name">
        {/* The slug in the address: readable, and the API takes it for the id. */}
        <Link to="/leaderboards/$id" params={{ id: space.slug }}>
          {space.name}
        </Link>{" "}
        <code className="muted small space-slug">{space.slug}</code>
        {space.description ? <div className="muted small">{space.description}</div> : null}
        {remove.isError ? <ErrorMessage error={remove.error} /> : null}
      </td>
      <td className="right num">{space.models_count}</td>
      <td className="right num">{space.benchmarks_count}</td>
      <td className="right num">{space.evaluations_count}</td>
      <td>
        <span className={`visibility visibility-${space.visibility}`}>{space.visibility}</span>
      </td>
      <td className="right actions">
        {confirming ? (
          <>
            <span className="small">Delete “{space.name}”? Its evaluations stay.</span>{" "}
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(space.id)}
            >
              Delete
            </button>{" "}
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={onEdit} aria-label={`edit ${space.name}`}>
              Edit
            </button>{" "}
            <button
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={`delete ${space.name}`}
            >
              Delete
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
