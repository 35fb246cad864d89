import { isCustomModel, type Model } from "@assay/protocol";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { RunHistory } from "../evaluations/run-history.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { dateTime } from "../shared/format.ts";
import { CustomModelForm, KeyState } from "./custom-model-form.tsx";
import { contextLength, pricePerMillion, runnability } from "./model-facts.ts";
import { useDeleteCustomModel, useModel } from "./use-models.ts";
import "./models.css";

/** One model: its facts, and for the project's own endpoint the edit form and delete. */
export function ModelPage({ id }: { id: string }) {
  const model = useModel(id);
  const [saved, setSaved] = useState<string>();
  if (model.isPending) return <p className="muted">Loading…</p>;
  if (model.isError) return <ErrorMessage error={model.error} />;
  const m = model.data;
  const run = runnability(m);
  return (
    <section className="models-page">
      <p className="muted small">
        <Link to="/models">Models</Link> /
      </p>
      <div className="page-head">
        <h1>{m.name}</h1>
        <code>{m.key}</code>
        <span className={run.runnable ? "runnable yes" : "runnable no"}>
          {run.runnable ? "runnable" : "not runnable"}
        </span>
      </div>
      <div className="view-links">
        {run.runnable ? (
          <Link to="/evaluations/new" search={{ model: m.id }}>
            Evaluate this model
          </Link>
        ) : null}
        <Link to="/evaluations" search={{ model: m.id }}>
          Its evaluations
        </Link>
      </div>
      <ModelFacts model={m} why={run.why} />
      <h2>History of runs</h2>
      <RunHistory of={{ model: m.id }} />
      {isCustomModel(m) && !m.disabled ? (
        <>
          <h2>Edit</h2>
          <div className="model-form-panel">
            {saved ? (
              <p className="saved" role="status">
                {saved}
              </p>
            ) : null}
            {/* Keyed by the last change, so the form starts again from the saved model. */}
            <CustomModelForm key={m.updated_at} model={m} onSaved={setSaved} />
          </div>
          <DeleteModel id={m.id} modelKey={m.key} />
        </>
      ) : null}
    </section>
  );
}

function ModelFacts({ model, why }: { model: Model; why: string }) {
  if (isCustomModel(model)) {
    return (
      <dl className="facts">
        <dt>Kind</dt>
        <dd>custom (this project's own endpoint){model.disabled ? " — deleted" : ""}</dd>
        <dt>Runnable</dt>
        <dd>{why}</dd>
        <dt>API URL</dt>
        <dd className="num">{model.api_url}</dd>
        <dt>Provider API key</dt>
        <dd>
          <KeyState set={model.api_key_set} /> <span className="muted small">(never shown)</span>
        </dd>
        <dt>Model sent</dt>
        <dd className="num">
          {model.provider_model ?? model.key.slice(model.key.indexOf("/") + 1)}
        </dd>
        <dt>Max tokens</dt>
        <dd className="num">{model.max_tokens}</dd>
        <dt>Request profile</dt>
        <dd className="num">{model.request_profile}</dd>
        <dt>Prices</dt>
        <dd className="muted">none (custom models have no catalog prices, so no cost)</dd>
        {model.description ? (
          <>
            <dt>Description</dt>
            <dd>{model.description}</dd>
          </>
        ) : null}
        <dt>Updated</dt>
        <dd>{dateTime(model.updated_at)}</dd>
      </dl>
    );
  }
  return (
    <dl className="facts">
      <dt>Kind</dt>
      <dd>catalog{model.deprecated ? " (deprecated)" : ""}</dd>
      <dt>Runnable</dt>
      <dd>{why}</dd>
      <dt>Company / provider</dt>
      <dd>
        {model.company ?? "—"} / {model.provider}
      </dd>
      <dt>Request profile</dt>
      <dd className="num">{model.request_profile}</dd>
      <dt>Context</dt>
      <dd className="num">
        {contextLength(model.context_length)}
        {model.context_length ? ` (${model.context_length.toLocaleString()} tokens)` : ""}
      </dd>
      <dt>Price per million tokens</dt>
      <dd className="num">
        input {pricePerMillion(model.cost_per_input_token)} · output{" "}
        {pricePerMillion(model.cost_per_output_token)}
      </dd>
      <dt>License</dt>
      <dd>
        {model.license ?? "—"}
        {model.open_weights ? " · open weights" : ""}
      </dd>
      {model.description ? (
        <>
          <dt>Description</dt>
          <dd>{model.description}</dd>
        </>
      ) : null}
      {model.key_takeaways.length > 0 ? (
        <>
          <dt>Key takeaways</dt>
          <dd>
            <ul className="takeaways">
              {model.key_takeaways.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function DeleteModel({ id, modelKey }: { id: string; modelKey: string }) {
  const remove = useDeleteCustomModel();
  const navigate = useNavigate();
  return (
    <>
      <h2>Delete</h2>
      <p className="muted small">
        Its evaluations stay; the model leaves the project and its key can be used again.
      </p>
      <button
        type="button"
        className="danger"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Delete ${modelKey}?`))
            remove.mutate(id, { onSuccess: () => void navigate({ to: "/models" }) });
        }}
      >
        {remove.isPending ? "Deleting…" : `Delete ${modelKey}`}
      </button>
      {remove.isError ? <ErrorMessage error={remove.error} /> : null}
    </>
  );
}
