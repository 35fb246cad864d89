import type { Model } from "@assay/client";
import { MAX_REPEATS, REASONING_EFFORTS, type ReasoningEffort } from "@assay/protocol";
import { FormField } from "../models/form-field.tsx";
import type { FieldErrors } from "../shared/field-errors.ts";
import type { SamplingDraft } from "./sampling-draft.ts";

/**
 * The "Sampling" part of the new-evaluation form: temperature, top_p, seed, max tokens and
 * reasoning effort, each empty by default, which leaves it to the model's request profile, and
 * the repeats (each prompt asked N times, which is what makes sampling measurable). What
 * the model takes is the server's to say (it knows the profile's rules): its 400 names the field,
 * shown under it like every other refusal of the form.
 */

export function SamplingFields(props: {
  draft: SamplingDraft;
  onChange: (draft: SamplingDraft) => void;
  errors: FieldErrors;
  /** The chosen model, to name its request profile. */
  model: Model | undefined;
}) {
  const { draft, onChange, errors, model } = props;
  const set =
    <K extends keyof SamplingDraft>(key: K) =>
    (value: SamplingDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const number = (key: Exclude<keyof SamplingDraft, "reasoningEffort">, step: string) => ({
    type: "number",
    inputMode: step === "1" ? ("numeric" as const) : ("decimal" as const),
    step,
    placeholder: "default",
    value: draft[key],
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
  });

  return (
    <fieldset className="sampling form-wide" data-testid="sampling">
      <legend>Sampling</legend>
      <p className="muted small sampling-hint">
        Empty: the model's default
        {model ? (
          <>
            {" "}
            (request profile <code>{model.request_profile}</code>)
          </>
        ) : null}
        . Temperature is 0 where the model takes one, so runs repeat and are cached.
      </p>
      <div className="sampling-grid">
        <FormField label="Temperature" field="item.temperature" errors={errors} hint="0 to 2">
          {(input) => <input {...input} {...number("temperature", "0.1")} />}
        </FormField>
        <FormField label="Top p" field="item.top_p" errors={errors} hint="above 0, at most 1">
          {(input) => <input {...input} {...number("topP", "0.05")} />}
        </FormField>
        <FormField
          label="Seed"
          field="item.seed"
          errors={errors}
          hint="where the provider takes one"
        >
          {(input) => <input {...input} {...number("seed", "1")} />}
        </FormField>
        <FormField
          label="Max tokens"
          field="item.max_tokens"
          errors={errors}
          hint="per answer, reasoning included"
        >
          {(input) => <input {...input} {...number("maxTokens", "1")} />}
        </FormField>
        <FormField
          label="Reasoning effort"
          field="item.reasoning_effort"
          errors={errors}
          hint="reasoning models only"
        >
          {(input) => (
            <select
              {...input}
              value={draft.reasoningEffort}
              onChange={(e) => set("reasoningEffort")(e.target.value as ReasoningEffort | "")}
            >
              <option value="">default</option>
              {REASONING_EFFORTS.map((effort) => (
                <option key={effort} value={effort}>
                  {effort}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="repeats-row">
        <FormField
          label="Repeats"
          field="item.repeats"
          errors={errors}
          hint={`1 to ${MAX_REPEATS}. A sampled model answers differently each time; repeat i uses seed + i; repeats bypass the cache.`}
        >
          {(input) => (
            <input
              {...input}
              {...number("repeats", "1")}
              min={1}
              max={MAX_REPEATS}
              placeholder="1"
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
