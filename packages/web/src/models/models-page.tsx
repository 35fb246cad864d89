import { isCustomModel, type Model } from "@assay/protocol";
import { Link, useNavigate } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { CatalogTable } from "./catalog-table.tsx";
import { CustomModelForm } from "./custom-model-form.tsx";
import { runnability } from "./model-facts.ts";
import type { ModelsSearch } from "./models-search.ts";
import { ModelsTable } from "./models-table.tsx";
import { SearchInput } from "./search-input.tsx";
import { useProjectModels } from "./use-models.ts";
import "./models.css";

/** The project's models, a form for its own endpoints, and the catalog to add from. */
export function ModelsPage({ search }: { search: ModelsSearch }) {
  const models = useProjectModels();
  const navigate = useNavigate({ from: "/models" });
  const [saved, setSaved] = useState<string>();
  const setSearch = useCallback(
    (patch: ModelsSearch) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true }),
    [navigate],
  );
  const onFind = useCallback((find: string | undefined) => setSearch({ find }), [setSearch]);
  const onQuery = useCallback((q: string | undefined) => setSearch({ q }), [setSearch]);
  const list = models.data?.models ?? [];
  const attached = new Set(list.filter((m) => !isCustomModel(m)).map((m) => m.id));
  const shown = list.filter((m) => matches(m, search));

  return (
    <section className="models-page">
      <div className="page-head">
        <h1>Models</h1>
        {models.data ? <span className="muted count">{list.length} in this project</span> : null}
        <Link className="head-action" to="/evaluations/new">
          New evaluation
        </Link>
      </div>
      <div className="view-links">
        <a href="#custom-model">Register your own endpoint ↓</a>
        <a href="#catalog">Add from the catalog ↓</a>
      </div>
      {models.isPending ? <p className="muted">Loading…</p> : null}
      {models.isError ? <ErrorMessage error={models.error} /> : null}
      {models.data && list.length === 0 ? (
        <div className="empty">
          <p>No models in this project yet. Either:</p>
          <ul>
            <li>
              <a href="#catalog">add one from the catalog</a> below (those this server can run come
              first), or
            </li>
            <li>
              <a href="#custom-model">register your own endpoint</a>: any OpenAI-compatible API
              (vLLM, Ollama, llama.cpp, a hosted provider).
            </li>
          </ul>
        </div>
      ) : null}
      {list.length > 0 ? (
        <>
          <div className="filters">
            <SearchInput
              label="Filter"
              placeholder="name, key, provider…"
              value={search.find}
              onSearch={onFind}
            />
            <label className="inline">
              <input
                type="checkbox"
                checked={search.runnable === true}
                onChange={(e) => setSearch({ runnable: e.target.checked || undefined })}
              />
              runnable only
            </label>
            {shown.length < list.length ? (
              <span className="muted small">
                {shown.length} of {list.length} shown
              </span>
            ) : null}
          </div>
          {shown.length > 0 ? (
            <ModelsTable models={shown} />
          ) : (
            <p className="empty">No model of this project matches these filters.</p>
          )}
        </>
      ) : null}
      {list.length > 0 ? (
        <p className="muted small">
          Runnable: for a catalog model, the server says whether it has the model's provider
          configured (its API key, or for a local server its URL); a custom model is called at its
          own URL with its stored key, if any, so whether it answers shows when a run starts. Prices
          are the catalog's, in USD per million tokens; custom models have none.
        </p>
      ) : null}

      <h2 id="custom-model">Register your own endpoint</h2>
      <div className="model-form-panel">
        {saved ? (
          <p className="saved" role="status">
            {saved}
          </p>
        ) : null}
        <CustomModelForm onSaved={setSaved} />
      </div>

      <h2 id="catalog">Catalog</h2>
      <CatalogTable query={search.q} onQuery={onQuery} attached={attached} />
    </section>
  );
}

/** The project's list is whole (one request), so its filter runs here. */
function matches(model: Model, search: ModelsSearch): boolean {
  if (search.runnable && !runnability(model).runnable) return false;
  if (!search.find) return true;
  const needle = search.find.toLowerCase();
  const provider = isCustomModel(model)
    ? model.api_url
    : `${model.company ?? ""} ${model.provider}`;
  return [model.name, model.key, provider].some((text) => text.toLowerCase().includes(needle));
}
