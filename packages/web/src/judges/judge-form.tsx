import type { Judge, UpdateJudgeBody } from "@assay/protocol";
import { type FormEvent, useState } from "react";
import { FormField } from "../models/form-field.tsx";
// The form grid and field styles are the models view's, shared with the new-evaluation form.
import "../models/models.css";
import { useProjectModels } from "../models/use-models.ts";
import { fieldErrors } from "../shared/field-errors.ts";
import { FormErrors } from "../shared/form-errors.tsx";
import { useCreateJudge, useUpdateJudge } from "./use-judges.ts";

/** The fields the form shows itself; any other problem the server names goes above the button. */
const FIELDS = ["body.name", "body.evaluation_goal", "body.model_id"];

interface Draft {
  name: string;
  goal: string;
  /** A model id, or "" for the server's default judge model. */
  model: string;
}

const EMPTY: Draft = { name: "", goal: "", model: "" };

/**
 * Creates a judge, or edits one (`judge`): every change the server accepts makes a new version.
 * The server checks everything (a goal under 10 characters, a name taken, a model the project
 * does not have) and its word shows under the field, with what was typed kept.
 */
export function JudgeForm({ judge, onSaved }: { judge?: Judge; onSaved?: (judge: Judge) => void }) {
  const [draft, setDraft] = useState<Draft>(
    judge ? { name: judge.name, goal: judge.evaluation_goal, model: judge.model_id ?? "" } : EMPTY,
  );
  const models = useProjectModels();
  const create = useCreateJudge();
  const update = useUpdateJudge(judge?.id ?? "");
  const mutation = judge ? update : create;
  const errors = fieldErrors(mutation.error);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!judge) {
      create.mutate(
        {
          name: draft.name,
          evaluation_goal: draft.goal,
          ...(draft.model === "" ? {} : { model_id: draft.model }),
        },
        {
          onSuccess: (created) => {
            setDraft(EMPTY);
            onSaved?.(created);
          },
        },
      );
      return;
    }
    // Only what changed; nothing changed is a PATCH the server refuses, which says so.
    const body: UpdateJudgeBody = {};
    if (draft.name !== judge.name) body.name = draft.name;
    if (draft.goal !== judge.evaluation_goal) body.evaluation_goal = draft.goal;
    if (draft.model !== "" && draft.model !== judge.model_id) body.model_id = draft.model;
    update.mutate(body, { onSuccess: (saved) => onSaved?.(saved) });
  }

  const options = models.data?.models ?? [];
  return (
    <form className="model-form judge-form" onSubmit={submit} noValidate>
      <FormField label="Name" field="body.name" errors={errors}>
        {(input) => (
          <input {...input} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        )}
      </FormField>
      <FormField
        label="Judge model"
        field="body.model_id"
        errors={errors}
        hint={
          judge
            ? "A new model makes a new version."
            : "Left to the default, runs use the server's default judge model."
        }
      >
        {(input) => (
          <select {...input} value={draft.model} onChange={(e) => set({ model: e.target.value })}>
            {judge?.model_id ? null : <option value="">Default judge model</option>}
            {options.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name === m.key ? m.key : `${m.name} (${m.key})`}
              </option>
            ))}
            {judge?.model_id && !options.some((m) => m.id === judge.model_id) ? (
              <option value={judge.model_id}>{judge.model_name ?? judge.model_id}</option>
            ) : null}
          </select>
        )}
      </FormField>
      <div className="form-wide">
        <FormField
          label="Evaluation goal"
          field="body.evaluation_goal"
          errors={errors}
          hint="What the judge checks in each trace, and when a trace passes. At least 10 characters."
        >
          {(input) => (
            <textarea
              {...input}
              rows={5}
              value={draft.goal}
              onChange={(e) => set({ goal: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <FormErrors error={mutation.error} errors={errors} fields={FIELDS} />
      <div className="form-wide">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : judge ? "Save as a new version" : "Create judge"}
        </button>
      </div>
    </form>
  );
}
