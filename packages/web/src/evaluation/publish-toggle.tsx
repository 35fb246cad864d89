import { APIStatusError } from "@assay/client/errors";
import type { Evaluation } from "@assay/protocol";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { usePublishEvaluation } from "./use-evaluation.ts";

/** What publishing exposes, and to whom. */
const EXPOSED =
  "this evaluation with all its results (every prompt, response and score), and it is listed " +
  "under Public";

/**
 * The owner's switch between private (only this organization) and public. Publishing asks first,
 * saying what it exposes; making it private again does not. A refusal shows the server's message.
 */
export function PublishToggle({ evaluation }: { evaluation: Evaluation }) {
  const publish = usePublishEvaluation(evaluation.id);
  const [confirming, setConfirming] = useState(false);
  const isPublic = evaluation.is_public;

  return (
    <div className="publish" data-testid="publish">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={isPublic}
          checked={isPublic}
          disabled={publish.isPending || confirming}
          aria-describedby="publish-meaning"
          onChange={() => {
            publish.reset();
            if (isPublic) publish.mutate(false);
            else setConfirming(true);
          }}
        />
        <span>
          <strong>Public</strong>{" "}
          <span className="muted">
            {isPublic ? "— published" : "— private to your organization"}
          </span>
        </span>
      </label>
      <p id="publish-meaning" className="muted small">
        {isPublic
          ? `Published: any API key of this service, of any organization, can read ${EXPOSED}. Switch it off to make it private again.`
          : `Publishing lets any API key of this service, of any organization, read ${EXPOSED}.`}
      </p>
      {confirming ? (
        <div className="publish-confirm" role="alertdialog" aria-labelledby="publish-question">
          <p id="publish-question">
            Publish this evaluation? Every organization on this service will be able to read it and
            all its results.
          </p>
          <button
            type="button"
            className="primary"
            onClick={() => {
              setConfirming(false);
              publish.mutate(true);
            }}
          >
            Publish
          </button>{" "}
          <button type="button" onClick={() => setConfirming(false)}>
            Keep private
          </button>
        </div>
      ) : null}
      {publish.isPending ? <p className="muted small">Saving…</p> : null}
      {publish.isError ? (
        <>
          <ErrorMessage error={publish.error} />
          {publish.error instanceof APIStatusError && publish.error.statusCode === 404 ? (
            <p className="muted small">
              Only the organization that ran an evaluation can publish it; check which key you are
              signed in with.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
