import type { Scorer, UpdateScorerBody } from "@assay/protocol";
import { type FormEvent, useState } from "react";
import { FormField } from "../models/form-field.tsx";
import { useProjectModels } from "../models/use-models.ts";
import { fieldErrors } from "../shared/field-errors.ts";
import { FormErrors } from "../shared/form-errors.tsx";
import { useCreateScorer, useUpdateScorer } from "./use-scorers.ts";

const FIELDS = ["body.name", "body.description", "body.model_id", "body.prompt"];

interface Draft {
  name: string;
  description: string;
  modelId: string;
  prompt: string;
}

const EMPTY: Draft = { name: "", description: "", modelId: "", prompt: "" };

const draftOf = (s: Scorer): Draft => ({
  name: s.name,
  description: s.description,
  modelId: s.model_id,
  prompt: s.prompt,
});

/**
 * Creates a scorer, or edits one (`scorer`): a name, what it is for, the model that grades, and
 * the rubric. The server checks everything; its word shows under each field and what was typed
 * stays.
 */
export function ScorerForm({
  scorer,
  onSaved,
  onCancel,
}: {
  scorer?: Scorer;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(scorer ? draftOf(scorer) : EMPTY);
  const models = useProjectModels();
  const create = useCreateScorer();
  const update = useUpdateScorer(scorer?.id ?? "");
  const mutation = scorer ? update : create;
  const errors = fieldErrors(mutation.error);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const prefix = scorer ? `edit-${scorer.id}` : "new";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!scorer) {
      create.mutate(
        {
          name: draft.name,
          description: draft.description,
          model_id: draft.modelId,
          prompt: draft.prompt,
        },
        {
          onSuccess: (created) => {
            onSaved(`Created the scorer ${created.name}.`);
            setDraft(EMPTY);
          },
        },
      );
      return;
    }
    // Only what changed (a PATCH needs at least one field; the server says so if none).
    const body: UpdateScorerBody = {};
    if (draft.name !== scorer.name) body.name = draft.name;
    if (draft.description !== scorer.description) body.description = draft.description;
    if (draft.modelId !== scorer.model_id) body.model_id = draft.modelId;
    if (draft.prompt !== scorer.prompt) body.prompt = draft.prompt;
    update.mutate(body, { onSuccess: (saved) => onSaved(`Saved the scorer ${saved.name}.`) });
  }

  const list = models.data?.models ?? [];
  const known = list.some((m) => m.id === draft.modelId);
  return (
    <form className="scorer-form" onSubmit={submit} noValidate data-form={prefix}>
      <FormField label="Name" field="body.name" errors={errors}>
        {(input) => (
          <input {...input} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        )}
      </FormField>
      <FormField label="Description" field="body.description" errors={errors}>
        {(input) => (
          <input
            {...input}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Model"
        field="body.model_id"
        errors={errors}
        hint={
          models.data && list.length === 0 ? (
            <>
              The project has no models: <a href="/ui/models">add one</a> first.
            </>
          ) : (
            "The model that grades each answer by the rubric."
          )
        }
      >
        {(input) => (
          <select
            {...input}
            value={draft.modelId}
            onChange={(e) => set({ modelId: e.target.value })}
          >
            <option value="">— choose a model —</option>
            {list.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.key})
              </option>
            ))}
            {draft.modelId !== "" && !known ? (
              <option value={draft.modelId}>{scorer?.model_name || draft.modelId}</option>
            ) : null}
          </select>
        )}
      </FormField>
      <FormField
        label="Prompt (rubric)"
        field="body.prompt"
        errors={errors}
        hint="What a good answer does, as you would tell a grader. The model sees the prompt, the expected answer and the response, and replies with a score from 0 to 1, pass or fail, and a reason."
      >
        {(input) => (
          <textarea
            {...input}
            rows={6}
            value={draft.prompt}
            onChange={(e) => set({ prompt: e.target.value })}
          />
        )}
      </FormField>
      <FormErrors error={mutation.error} errors={errors} fields={FIELDS} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : scorer ? "Save changes" : "Create scorer"}
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
