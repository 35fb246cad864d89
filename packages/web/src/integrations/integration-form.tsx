import type { CreatedIntegration, UpdateIntegrationInput } from "@assay/client";
import {
  INTEGRATION_EVENT_TYPES,
  type Integration,
  type IntegrationEventType,
  type IntegrationType,
  type Project,
} from "@assay/protocol";
import { type FormEvent, useState } from "react";
import { FormField } from "../models/form-field.tsx";
import { FieldError } from "../shared/field-error.tsx";
import { fieldErrors } from "../shared/field-errors.ts";
import { FormErrors } from "../shared/form-errors.tsx";
import { EVENT_NAMES } from "./event-names.ts";
import { useCreateIntegration, useUpdateIntegration } from "./use-integrations.ts";

const FIELDS = ["body.name", "body.type", "body.host_url", "body.events", "body.project_ids"];

interface Draft {
  name: string;
  type: IntegrationType;
  url: string;
  events: IntegrationEventType[];
  projectIds: string[];
  active: boolean;
}

const EMPTY: Draft = {
  name: "",
  type: "webhook",
  url: "",
  events: [...INTEGRATION_EVENT_TYPES],
  projectIds: [],
  active: true,
};

const draftOf = (i: Integration): Draft => ({
  name: i.name,
  type: i.type,
  url: i.host_url,
  events: i.events,
  projectIds: i.project_ids,
  active: i.active,
});

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** `list` with `value` in or out, in the order of `order`. */
function toggled<T extends string>(list: readonly T[], value: T, on: boolean, order: readonly T[]) {
  const next = new Set(list);
  if (on) next.add(value);
  else next.delete(value);
  return order.filter((item) => next.has(item));
}

/**
 * Creates an integration, or edits one (`integration`): a name, a webhook or Slack URL, the events
 * it wants and the projects whose runs notify it. The server checks everything (a private address
 * included); its word shows under each field and what was typed stays.
 */
export function IntegrationForm({
  integration,
  projects,
  onCreated,
  onSaved,
  onCancel,
}: {
  integration?: Integration;
  projects: readonly Project[];
  onCreated: (created: CreatedIntegration) => void;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(integration ? draftOf(integration) : EMPTY);
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const mutation = integration ? update : create;
  const errors = fieldErrors(mutation.error);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const projectOrder = [...draft.projectIds, ...projects.map((p) => p.id)];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!integration) {
      create.mutate(
        {
          name: draft.name,
          type: draft.type,
          host_url: draft.url,
          events: draft.events,
          project_ids: draft.projectIds,
          active: draft.active,
        },
        {
          onSuccess: (created) => {
            onCreated(created);
            setDraft(EMPTY);
          },
        },
      );
      return;
    }
    // Only what changed (a PATCH needs at least one field; the server says so if none).
    const body: UpdateIntegrationInput = {};
    if (draft.name !== integration.name) body.name = draft.name;
    if (draft.url !== integration.host_url) body.host_url = draft.url;
    if (!sameSet(draft.events, integration.events)) body.events = draft.events;
    if (!sameSet(draft.projectIds, integration.project_ids)) body.project_ids = draft.projectIds;
    if (draft.active !== integration.active) body.active = draft.active;
    update.mutate(
      { id: integration.id, body },
      { onSuccess: (saved) => onSaved(`Saved the integration ${saved.name}.`) },
    );
  }

  return (
    <form className="integration-form" onSubmit={submit} noValidate>
      <FormField label="Name" field="body.name" errors={errors}>
        {(input) => (
          <input {...input} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        )}
      </FormField>
      <FormField
        label="Type"
        field="body.type"
        errors={errors}
        hint={integration ? "The type of an integration stays as created." : undefined}
      >
        {(input) => (
          <select
            {...input}
            value={draft.type}
            disabled={integration !== undefined}
            onChange={(e) => set({ type: e.target.value as IntegrationType })}
          >
            <option value="webhook">Webhook (signed JSON)</option>
            <option value="slack">Slack incoming webhook</option>
          </select>
        )}
      </FormField>
      <FormField
        label="URL"
        field="body.host_url"
        errors={errors}
        hint={
          draft.type === "slack"
            ? "The incoming webhook's URL from Slack (https://hooks.slack.com/services/…)."
            : "Where each event is POSTed as signed JSON. Private addresses are refused unless the service allows them."
        }
      >
        {(input) => (
          <input
            {...input}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={draft.url}
            onChange={(e) => set({ url: e.target.value })}
          />
        )}
      </FormField>
      <fieldset className="choices" aria-describedby="error-body-events">
        <legend>Events</legend>
        {INTEGRATION_EVENT_TYPES.map((event) => (
          <label key={event} className="event-choice">
            <input
              type="checkbox"
              checked={draft.events.includes(event)}
              onChange={(e) =>
                set({
                  events: toggled(draft.events, event, e.target.checked, INTEGRATION_EVENT_TYPES),
                })
              }
            />
            <span>{EVENT_NAMES[event]}</span>
            <code className="muted small">{event}</code>
          </label>
        ))}
        <FieldError errors={errors} field="body.events" />
      </fieldset>
      <fieldset className="choices" aria-describedby="error-body-project_ids">
        <legend>Projects</legend>
        {projects.map((project) => (
          <label key={project.id}>
            <input
              type="checkbox"
              checked={draft.projectIds.includes(project.id)}
              onChange={(e) =>
                set({
                  projectIds: toggled(draft.projectIds, project.id, e.target.checked, projectOrder),
                })
              }
            />{" "}
            {project.name}
          </label>
        ))}
        <span className="hint muted small">
          {draft.projectIds.length === 0
            ? "None checked: runs of every project of the organization notify it."
            : "Only runs of the checked projects notify it."}
        </span>
        <FieldError errors={errors} field="body.project_ids" />
      </fieldset>
      <label className="active-choice">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(e) => set({ active: e.target.checked })}
        />{" "}
        Active: send events (an inactive integration keeps its settings and its log)
      </label>
      <FormErrors error={mutation.error} errors={errors} fields={FIELDS} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : integration ? "Save changes" : "Create integration"}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
