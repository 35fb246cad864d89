import type { CreatedIntegration, IntegrationTestResult } from "@assay/client";
import type { Integration } from "@assay/protocol";
import { useState } from "react";
import { useSession } from "../app/use-session.ts";
import { ErrorMessage } from "../shared/error-message.tsx";
import { DeliveryLog } from "./delivery-log.tsx";
import { IntegrationCard } from "./integration-card.tsx";
import { IntegrationForm } from "./integration-form.tsx";
import { SecretNotice } from "./secret-notice.tsx";
import {
  useDeleteIntegration,
  useIntegrations,
  useTestIntegration,
  useUpdateIntegration,
} from "./use-integrations.ts";
import "./integrations.css";

/**
 * Organization settings: the integrations that are sent a signed notification when a run of the
 * organization ends. A new one's signing secret shows once, above the list; a test's answer shows
 * on its card and opens its delivery log; one form at a time, for a new integration or the one
 * being edited.
 */
export function IntegrationsPage() {
  const session = useSession();
  const integrations = useIntegrations();
  const test = useTestIntegration();
  const update = useUpdateIntegration();
  const remove = useDeleteIntegration();
  const [created, setCreated] = useState<CreatedIntegration>();
  const [editing, setEditing] = useState<Integration>();
  const [logOf, setLogOf] = useState<string>();
  const [tests, setTests] = useState<Record<string, IntegrationTestResult>>({});
  const [saved, setSaved] = useState<string>();
  const list = integrations.data?.integrations ?? [];
  const projects = session.data?.organization.projects ?? [];
  const logged = list.find((i) => i.id === logOf);
  const failed = [test, update, remove].find((m) => m.isError);

  function runTest(integration: Integration) {
    setLogOf(integration.id);
    test.mutate(integration.id, {
      onSuccess: (result) => setTests((t) => ({ ...t, [integration.id]: result })),
    });
  }

  return (
    <section className="integrations-page">
      <p className="eyebrow muted small">
        Organization settings{session.data ? ` · ${session.data.organization.name}` : ""}
      </p>
      <h1>Integrations</h1>
      <p className="intro muted">
        When a run of this organization ends, Assay POSTs a notification to every active integration
        that wants the event: signed JSON to a webhook, or a message to a Slack channel. Failed
        deliveries are retried with backoff for a day; every attempt is in the integration's
        delivery log.
      </p>
      {created ? <SecretNotice created={created} onDismiss={() => setCreated(undefined)} /> : null}
      {saved ? (
        <p className="saved" role="status">
          {saved}
        </p>
      ) : null}
      {integrations.isPending ? <p className="muted">Loading…</p> : null}
      {integrations.isError ? <ErrorMessage error={integrations.error} /> : null}
      {failed ? <ErrorMessage error={failed.error} /> : null}
      {integrations.data && list.length === 0 ? (
        <div className="empty">
          <p>
            No integrations yet. Add a webhook (any HTTPS endpoint of yours, e.g. a CI job or a chat
            bot) or a Slack incoming webhook with the form below, then send it a test.
          </p>
        </div>
      ) : null}
      {list.length > 0 ? (
        <div className="integration-cards">
          {list.map((i) => (
            <IntegrationCard
              key={i.id}
              integration={i}
              projects={projects}
              selected={logOf === i.id}
              busy={(test.isPending && test.variables === i.id) || update.isPending}
              testResult={tests[i.id]}
              actions={{
                onTest: () => runTest(i),
                onShowLog: () => setLogOf(logOf === i.id ? undefined : i.id),
                onEdit: () => {
                  setSaved(undefined);
                  setEditing(i);
                  requestAnimationFrame(() =>
                    document.getElementById("integration-form")?.scrollIntoView(),
                  );
                },
                onSetActive: (active) =>
                  update.mutate(
                    { id: i.id, body: { active } },
                    {
                      onSuccess: (s) =>
                        setSaved(`${s.active ? "Activated" : "Deactivated"} ${s.name}.`),
                    },
                  ),
                onDelete: () =>
                  remove.mutate(i.id, {
                    onSuccess: () => {
                      setSaved(`Deleted the integration ${i.name}.`);
                      if (editing?.id === i.id) setEditing(undefined);
                      if (logOf === i.id) setLogOf(undefined);
                    },
                  }),
              }}
            />
          ))}
        </div>
      ) : null}
      {logged ? <DeliveryLog integration={logged} onClose={() => setLogOf(undefined)} /> : null}

      <h2 id="integration-form">{editing ? `Edit ${editing.name}` : "New integration"}</h2>
      <div className="integration-form-panel">
        <IntegrationForm
          // A fresh form per integration: its draft starts from that integration.
          key={editing?.id ?? "new"}
          integration={editing}
          projects={projects}
          onCreated={(c) => {
            setSaved(undefined);
            setCreated(c);
            window.scrollTo({ top: 0 });
          }}
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
