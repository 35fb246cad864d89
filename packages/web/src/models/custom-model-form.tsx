import {
  type CustomModel,
  REQUEST_PROFILE_NAMES,
  type RequestProfileName,
  type UpdateCustomModelBody,
} from "@assay/protocol";
import { type FormEvent, useState } from "react";
import { fieldErrors } from "../shared/field-errors.ts";
import { FormErrors } from "../shared/form-errors.tsx";
import { FormField, optionalNumber } from "./form-field.tsx";
import { PRICE_FORMAT, shownPrice, typedPrice } from "./price-draft.ts";
import { useCreateCustomModel, useUpdateCustomModel } from "./use-models.ts";

/** The fields the form shows itself; any other problem the server names goes above the button. */
const FIELDS = [
  "body.name",
  "body.key",
  "body.description",
  "body.api_url",
  "body.provider_model",
  "body.max_tokens",
  "body.request_profile",
  "body.api_key",
  "body.cost_per_input_token",
  "body.cost_per_output_token",
];

interface Draft {
  name: string;
  key: string;
  description: string;
  apiUrl: string;
  providerModel: string;
  maxTokens: string;
  profile: RequestProfileName;
  apiKey: string;
  /** USD per million tokens, as typed. */
  inputPrice: string;
  outputPrice: string;
}

const EMPTY: Draft = {
  name: "",
  key: "",
  description: "",
  apiUrl: "",
  providerModel: "",
  maxTokens: "1024",
  profile: "openai-compatible",
  apiKey: "",
  inputPrice: "",
  outputPrice: "",
};

function draftOf(model: CustomModel): Draft {
  return {
    name: model.name,
    key: model.key,
    description: model.description,
    apiUrl: model.api_url,
    providerModel: model.provider_model ?? "",
    maxTokens: String(model.max_tokens),
    profile: model.request_profile,
    apiKey: "",
    inputPrice: shownPrice(model.cost_per_input_token),
    outputPrice: shownPrice(model.cost_per_output_token),
  };
}

/**
 * Registers an OpenAI-compatible endpoint, or edits one (`model`). The provider key goes to the
 * server once and is never shown again: the page only knows `api_key_set`, and editing offers to
 * replace the key, never to see it. What was typed stays when the server refuses; the typed key
 * is forgotten once the server has it.
 */
export function CustomModelForm({
  model,
  onSaved,
}: {
  model?: CustomModel;
  onSaved?: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(model ? draftOf(model) : EMPTY);
  const [replaceKey, setReplaceKey] = useState(false);
  const create = useCreateCustomModel();
  const update = useUpdateCustomModel(model?.id ?? "");
  const mutation = model ? update : create;
  // A price that is not a plain number is refused here, in the form's unit (per million).
  const [priceErrors, setPriceErrors] = useState<Map<string, string>>(new Map());
  const errors = priceErrors.size > 0 ? priceErrors : fieldErrors(mutation.error);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const sendsKey = !model || replaceKey;
  const urlMoves = model !== undefined && draft.apiUrl !== model.api_url;

  function submit(event: FormEvent) {
    event.preventDefault();
    const inputPrice = typedPrice(draft.inputPrice);
    const outputPrice = typedPrice(draft.outputPrice);
    const unreadable = new Map<string, string>();
    if (inputPrice === undefined) unreadable.set("body.cost_per_input_token", PRICE_FORMAT);
    if (outputPrice === undefined) unreadable.set("body.cost_per_output_token", PRICE_FORMAT);
    setPriceErrors(unreadable);
    if (inputPrice === undefined || outputPrice === undefined) return;
    if (!model) {
      create.mutate(
        {
          name: draft.name,
          key: draft.key,
          description: draft.description,
          api_url: draft.apiUrl,
          // Left out when empty: the server says the field is required, under the field.
          max_tokens: optionalNumber(draft.maxTokens) as number,
          api_key: draft.apiKey === "" ? undefined : draft.apiKey,
          provider_model: draft.providerModel === "" ? undefined : draft.providerModel,
          request_profile: draft.profile,
          cost_per_input_token: inputPrice ?? undefined,
          cost_per_output_token: outputPrice ?? undefined,
        },
        {
          onSuccess: () => {
            onSaved?.(
              `Created ${draft.key}${draft.apiKey === "" ? " (no key)" : " (key set)"}. It is in the table above.`,
            );
            setDraft(EMPTY);
          },
        },
      );
      return;
    }
    // Only what changed: a PATCH with the old api_url would be a no-op, a new one clears the key.
    const body: UpdateCustomModelBody = {};
    if (draft.name !== model.name) body.name = draft.name;
    if (draft.description !== model.description) body.description = draft.description;
    if (urlMoves) body.api_url = draft.apiUrl;
    if (draft.providerModel !== (model.provider_model ?? ""))
      body.provider_model = draft.providerModel === "" ? null : draft.providerModel;
    if (draft.maxTokens !== String(model.max_tokens))
      body.max_tokens = optionalNumber(draft.maxTokens) as number;
    if (draft.profile !== model.request_profile) body.request_profile = draft.profile;
    if (replaceKey) body.api_key = draft.apiKey;
    // A price emptied is removed (null); the server keeps a model with both prices or neither.
    if (inputPrice !== model.cost_per_input_token) body.cost_per_input_token = inputPrice;
    if (outputPrice !== model.cost_per_output_token) body.cost_per_output_token = outputPrice;
    update.mutate(body, {
      onSuccess: () => {
        onSaved?.(replaceKey ? "Saved; the new key is set." : "Saved.");
        set({ apiKey: "" });
        setReplaceKey(false);
      },
    });
  }

  return (
    <form className="model-form" onSubmit={submit} noValidate>
      <FormField label="Name" field="body.name" errors={errors}>
        {(input) => (
          <input {...input} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        )}
      </FormField>
      <FormField
        label="Key"
        field="body.key"
        errors={errors}
        hint={model ? "A key cannot change." : "<organization>/<model-name>, e.g. acme/llama-3-8b"}
      >
        {(input) => (
          <input
            {...input}
            value={draft.key}
            readOnly={model !== undefined}
            onChange={(e) => set({ key: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="API URL"
        field="body.api_url"
        errors={errors}
        hint="The base URL of an OpenAI-compatible API (…/v1) or its …/chat/completions URL."
      >
        {(input) => (
          <input
            {...input}
            type="url"
            placeholder="https://api.example.com/v1"
            value={draft.apiUrl}
            onChange={(e) => set({ apiUrl: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Provider model"
        field="body.provider_model"
        errors={errors}
        hint="The model value sent to the endpoint; empty: the part of the key after the /."
      >
        {(input) => (
          <input
            {...input}
            value={draft.providerModel}
            onChange={(e) => set({ providerModel: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Max tokens" field="body.max_tokens" errors={errors}>
        {(input) => (
          <input
            {...input}
            type="number"
            inputMode="numeric"
            value={draft.maxTokens}
            onChange={(e) => set({ maxTokens: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Request profile"
        field="body.request_profile"
        errors={errors}
        hint="How the endpoint is asked: its token parameter, temperatures and where its reasoning comes back."
      >
        {(input) => (
          <select
            {...input}
            value={draft.profile}
            onChange={(e) => set({ profile: e.target.value as RequestProfileName })}
          >
            {REQUEST_PROFILE_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Input price (USD per 1M tokens)"
        field="body.cost_per_input_token"
        errors={errors}
        hint="Optional, with the output price: the model's runs then have a cost, a plan and a budget."
      >
        {(input) => (
          <input
            {...input}
            inputMode="decimal"
            placeholder="none"
            value={draft.inputPrice}
            onChange={(e) => set({ inputPrice: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Output price (USD per 1M tokens)"
        field="body.cost_per_output_token"
        errors={errors}
        hint="Reasoning tokens bill as output."
      >
        {(input) => (
          <input
            {...input}
            inputMode="decimal"
            placeholder="none"
            value={draft.outputPrice}
            onChange={(e) => set({ outputPrice: e.target.value })}
          />
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
      {model ? (
        <div className="form-field key-state">
          <span>
            Provider API key: <KeyState set={model.api_key_set} />
          </span>
          <label className="inline">
            <input
              type="checkbox"
              checked={replaceKey}
              onChange={(e) => {
                setReplaceKey(e.target.checked);
                set({ apiKey: "" });
              }}
            />
            {model.api_key_set ? "Replace key" : "Set a key"}
          </label>
        </div>
      ) : null}
      {sendsKey ? (
        <FormField
          label={model ? "New provider API key" : "Provider API key (optional)"}
          field="body.api_key"
          errors={errors}
          hint="Stored encrypted and never shown again, not even to you."
        >
          {(input) => (
            <input
              {...input}
              type="password"
              autoComplete="new-password"
              value={draft.apiKey}
              onChange={(e) => set({ apiKey: e.target.value })}
            />
          )}
        </FormField>
      ) : null}
      {urlMoves && model?.api_key_set && !replaceKey ? (
        <p className="warn small form-wide" role="status">
          A new API URL without a new key clears the stored key: a key is never sent to another
          endpoint than the one it was given for.
        </p>
      ) : null}
      <FormErrors error={mutation.error} errors={errors} fields={FIELDS} />
      <div className="form-wide">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : model ? "Save changes" : "Create model"}
        </button>
      </div>
    </form>
  );
}

export function KeyState({ set }: { set: boolean }) {
  return set ? <span className="key-set">key set</span> : <span className="muted">no key</span>;
}
