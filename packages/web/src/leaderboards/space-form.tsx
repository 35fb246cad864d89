import type { EvaluationSpace } from "@assay/protocol";
import { EVALUATION_SPACE_VISIBILITIES, MAX_SPACE_DESCRIPTION_CHARS } from "@assay/protocol";
import { useState } from "react";
import { useFilterChoices } from "../evaluations/use-evaluations.ts";
import { ErrorMessage } from "../shared/error-message.tsx";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import { otherFieldErrors } from "../shared/field-errors.ts";
import { IdChecklist } from "./id-checklist.tsx";
import { spaceFormErrors } from "./space-form-errors.ts";
import { TagInput } from "./tag-input.tsx";
import { useSaveSpace } from "./use-spaces.ts";

type Visibility = EvaluationSpace["visibility"];

const VISIBILITY_HINTS: Record<Visibility, string> = {
  private: "private — this project",
  tenant: "tenant — the whole organization",
  public: "public — anyone with the link",
};

/** What the form holds: everything typed survives a refusal, as the state lives here. */
interface Draft {
  name: string;
  /** Empty on a new board: the server derives it from the name. */
  slug: string;
  description: string;
  visibility: Visibility;
  modelIds: string[];
  vendors: string[];
  regions: string[];
  providers: string[];
  benchmarkIds: string[];
  categories: string[];
  languages: string[];
}

function draftOf(space: EvaluationSpace | undefined): Draft {
  const f = space?.filters;
  return {
    name: space?.name ?? "",
    slug: space?.slug ?? "",
    description: space?.description ?? "",
    visibility: space?.visibility ?? "private",
    modelIds: f?.model_filters.ids ?? [],
    vendors: f?.model_filters.vendors ?? [],
    regions: f?.model_filters.regions ?? [],
    providers: f?.providers ?? [],
    benchmarkIds: f?.dataset_filters.ids ?? [],
    categories: f?.dataset_filters.categories ?? [],
    languages: f?.dataset_filters.languages ?? [],
  };
}

/** The fields this form shows a server problem under; the rest go to the general message. */
const SHOWN = [
  "body.name",
  "body.slug",
  "body.description",
  "body.visibility",
  "body.filters.model_filters.ids",
  "body.filters.model_filters.vendors",
  "body.filters.model_filters.regions",
  "body.filters.providers",
  "body.filters.dataset_filters.ids",
  "body.filters.dataset_filters.categories",
  "body.filters.dataset_filters.languages",
];

/**
 * Creates a leaderboard, or changes one (`space`). Nothing is checked here that the server
 * checks: its refusals appear under the fields they concern, and what was typed stays.
 */
export function SpaceForm(props: {
  space?: EvaluationSpace;
  onDone: (space: EvaluationSpace) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(props.space));
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const choices = useFilterChoices();
  const save = useSaveSpace();
  const errors = spaceFormErrors(save.error);
  const others = otherFieldErrors(errors, SHOWN);
  const editing = props.space !== undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: props.space?.id,
        body: {
          name: draft.name,
          // Sent only when typed (new) or changed (edit): otherwise the server's stays.
          ...(draft.slug.trim() !== "" &&
            draft.slug !== props.space?.slug && { slug: draft.slug.trim() }),
          description: draft.description,
          visibility: draft.visibility,
          filters: {
            model_filters: { ids: draft.modelIds, vendors: draft.vendors, regions: draft.regions },
            dataset_filters: {
              ids: draft.benchmarkIds,
              categories: draft.categories,
              languages: draft.languages,
            },
            providers: draft.providers,
          },
        },
      },
      { onSuccess: props.onDone },
    );
  };

  const tagProps = (key: keyof Draft, field: string) => ({
    field,
    values: draft[key] as string[],
    onChange: set(key) as (values: string[]) => void,
    errors,
  });

  return (
    <form
      className="space-form"
      onSubmit={submit}
      aria-label={editing ? "edit leaderboard" : "new leaderboard"}
    >
      <h2>{editing ? `Edit “${props.space?.name}”` : "New leaderboard"}</h2>
      <div className="space-form-main">
        <label>
          Name
          <input
            value={draft.name}
            onChange={(e) => set("name")(e.target.value)}
            aria-invalid={errors.has("body.name")}
            aria-describedby={fieldErrorId("body.name")}
          />
          <FieldError errors={errors} field="body.name" />
        </label>
        <label>
          Slug
          <input
            value={draft.slug}
            placeholder={editing ? undefined : "from the name"}
            onChange={(e) => set("slug")(e.target.value)}
            aria-invalid={errors.has("body.slug")}
            aria-describedby={fieldErrorId("body.slug")}
          />
          <FieldError errors={errors} field="body.slug" />
        </label>
        <label>
          Visibility
          <select
            value={draft.visibility}
            onChange={(e) => set("visibility")(e.target.value as Visibility)}
            aria-invalid={errors.has("body.visibility")}
            aria-describedby={fieldErrorId("body.visibility")}
          >
            {EVALUATION_SPACE_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_HINTS[v]}
              </option>
            ))}
          </select>
          <FieldError errors={errors} field="body.visibility" />
        </label>
        <label className="wide">
          <span>
            Description ({draft.description.length}/{MAX_SPACE_DESCRIPTION_CHARS})
          </span>
          <textarea
            rows={2}
            value={draft.description}
            onChange={(e) => set("description")(e.target.value)}
            aria-invalid={errors.has("body.description")}
            aria-describedby={fieldErrorId("body.description")}
          />
          <FieldError errors={errors} field="body.description" />
        </label>
      </div>
      <p className="muted small">
        Filters choose which of the project's successful evaluations the board shows. Every filter
        left empty lets everything through; the filters that are set must all hold.
      </p>
      <div className="space-form-filters">
        <div>
          <IdChecklist
            legend="Models"
            field="body.filters.model_filters.ids"
            choices={choices.data?.models}
            chosen={draft.modelIds}
            onChange={set("modelIds")}
            errors={errors}
          />
          <TagInput
            label="Vendors"
            hint="e.g. openai, meta"
            {...tagProps("vendors", "body.filters.model_filters.vendors")}
          />
          <TagInput
            label="Regions"
            hint="e.g. usa, europe"
            {...tagProps("regions", "body.filters.model_filters.regions")}
          />
          <TagInput
            label="Providers"
            hint="e.g. openai, together, custom"
            {...tagProps("providers", "body.filters.providers")}
          />
        </div>
        <div>
          <IdChecklist
            legend="Benchmarks"
            field="body.filters.dataset_filters.ids"
            choices={choices.data?.benchmarks}
            chosen={draft.benchmarkIds}
            onChange={set("benchmarkIds")}
            errors={errors}
          />
          <TagInput
            label="Categories"
            hint="e.g. math, reasoning"
            {...tagProps("categories", "body.filters.dataset_filters.categories")}
          />
          <TagInput
            label="Languages"
            hint="e.g. English"
            {...tagProps("languages", "body.filters.dataset_filters.languages")}
          />
        </div>
      </div>
      {choices.isError ? <ErrorMessage error={choices.error} /> : null}
      {others.map(([field, message]) => (
        <p className="error" role="alert" key={field}>
          {field}: {message}
        </p>
      ))}
      {save.isError && errors.size === 0 ? <ErrorMessage error={save.error} /> : null}
      <div className="form-buttons">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : editing ? "Save changes" : "Create leaderboard"}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
