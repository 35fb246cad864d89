import type { CatalogModel } from "@assay/protocol";
import { ErrorMessage } from "../shared/error-message.tsx";
import { readableError } from "../shared/readable-error.ts";
import { contextLength, pricePerMillion, runnability } from "./model-facts.ts";
import { CompanyVia } from "./models-table.tsx";
import { SearchInput } from "./search-input.tsx";
import { useAttachModel, useCatalog } from "./use-models.ts";

/**
 * What the public catalog has that the project has not, runnable ones first (the server's
 * order); the models already in the project are in the table above. `query` is the search as
 * kept in the URL.
 */
export function CatalogTable({
  query,
  onQuery,
  attached,
}: {
  query: string | undefined;
  onQuery: (query: string | undefined) => void;
  /** Ids of the catalog models already in the project. */
  attached: ReadonlySet<string>;
}) {
  const catalog = useCatalog(query);
  const addable = catalog.data?.models.filter((m) => !attached.has(m.id)) ?? [];
  const inProject = (catalog.data?.models.length ?? 0) - addable.length;

  return (
    <>
      <div className="filters">
        <SearchInput
          label="Search the catalog"
          placeholder="name, key, company…"
          value={query}
          onSearch={onQuery}
        />
        {catalog.data ? (
          <span className="muted small catalog-count">
            {addable.length} to add
            {inProject > 0 ? `, ${inProject} already in the project (above)` : ""}
            {catalog.data.count < catalog.data.total_count
              ? ` — among the first ${catalog.data.count} of ${catalog.data.total_count} matches`
              : ""}
          </span>
        ) : null}
      </div>
      {catalog.isPending ? <p className="muted">Loading…</p> : null}
      {catalog.isError ? <ErrorMessage error={catalog.error} /> : null}
      {catalog.data && addable.length === 0 ? (
        <p className="empty">
          {query
            ? `No catalog model outside the project matches “${query}”.`
            : "Every catalog model is in the project already."}
        </p>
      ) : null}
      {addable.length > 0 ? (
        <div className="table-scroll">
          <table className="evaluations models catalog">
            <thead>
              <tr>
                <th>Name / key</th>
                <th>Company</th>
                <th title="whether this server can call the model now">Runnable</th>
                <th className="right">Context</th>
                <th className="right" title="USD per million input tokens">
                  Input $/M
                </th>
                <th className="right" title="USD per million output tokens">
                  Output $/M
                </th>
                <th>
                  <span className="visually-hidden">Add</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {addable.map((model) => (
                <CatalogRow key={model.id} model={model} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function CatalogRow({ model }: { model: CatalogModel }) {
  const run = runnability(model);
  const attach = useAttachModel();
  return (
    <tr data-catalog-key={model.key}>
      <td className="name-key" title={model.description}>
        {model.name}
        <code className="muted small">{model.key}</code>
      </td>
      <td>
        <CompanyVia model={model} />
      </td>
      <td>
        <span className={run.runnable ? "runnable yes" : "runnable no"} title={run.why}>
          {run.runnable ? "yes" : "no"}
        </span>
      </td>
      <td className="right num">{contextLength(model.context_length)}</td>
      <td className="right num">{pricePerMillion(model.cost_per_input_token)}</td>
      <td className="right num">{pricePerMillion(model.cost_per_output_token)}</td>
      <td className="actions">
        <button
          type="button"
          disabled={attach.isPending}
          aria-label={`Add ${model.key} to the project`}
          onClick={() => attach.mutate({ id: model.id, attach: true })}
        >
          Add
        </button>
        {attach.isError ? (
          <span className="field-error" role="alert">
            {readableError(attach.error)}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
