import type { IntegrationTestResult } from "@assay/client";
import type { Integration, Project } from "@assay/protocol";
import { useState } from "react";
import { dateTime } from "../shared/format.ts";
import { eventsSummary } from "./event-names.ts";
import { IntegrationStatus } from "./integration-status.tsx";

export interface CardActions {
  onTest: () => void;
  onShowLog: () => void;
  onEdit: () => void;
  onSetActive: (active: boolean) => void;
  onDelete: () => void;
}

/**
 * One integration: where it sends, what, for which projects, how its deliveries are going, and
 * what can be done with it. Delete asks first; a test's answer shows on the card.
 */
export function IntegrationCard({
  integration: i,
  projects,
  selected,
  busy,
  testResult,
  actions,
}: {
  integration: Integration;
  projects: readonly Project[];
  selected: boolean;
  busy: boolean;
  testResult: IntegrationTestResult | undefined;
  actions: CardActions;
}) {
  const [confirming, setConfirming] = useState(false);
  const projectNames = i.project_ids.map((id) => projects.find((p) => p.id === id)?.name ?? id);
  return (
    <article
      className={selected ? "integration-card selected" : "integration-card"}
      data-integration={i.name}
      aria-label={i.name}
    >
      <header>
        <h3>{i.name}</h3>
        <span className="muted small">{i.type === "slack" ? "Slack" : "Webhook"}</span>
        <IntegrationStatus integration={i} />
      </header>
      <dl>
        <dt>URL</dt>
        <dd className="url">{i.host_url}</dd>
        <dt>Events</dt>
        <dd>{eventsSummary(i.events)}</dd>
        <dt>Projects</dt>
        <dd>{projectNames.length === 0 ? "All" : projectNames.join(", ")}</dd>
        <dt>Secret</dt>
        <dd>
          <code>…{i.config.secret_last4}</code>{" "}
          <span className="muted small">in {i.config.signature_header}</span>
        </dd>
        <dt>Created</dt>
        <dd>
          {dateTime(i.created_at)} <span className="muted small">by {i.created_by}</span>
        </dd>
      </dl>
      {testResult ? (
        <p className={testResult.success ? "test-result ok" : "test-result bad"} role="status">
          {testResult.success ? "Test delivered" : "Test failed"}: {testResult.message}
        </p>
      ) : null}
      <div className="card-actions">
        {confirming ? (
          <>
            <button type="button" className="danger" disabled={busy} onClick={actions.onDelete}>
              Delete {i.name}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <>
            <button type="button" disabled={busy} onClick={actions.onTest}>
              Send test
            </button>
            <button type="button" aria-pressed={selected} onClick={actions.onShowLog}>
              Delivery log
            </button>
            <button type="button" onClick={actions.onEdit} aria-label={`Edit ${i.name}`}>
              Edit
            </button>
            <button type="button" disabled={busy} onClick={() => actions.onSetActive(!i.active)}>
              {i.active ? "Deactivate" : "Activate"}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${i.name}…`}
            >
              Delete…
            </button>
          </>
        )}
      </div>
    </article>
  );
}
