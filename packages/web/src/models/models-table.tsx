import { type CatalogModel, isCustomModel, type Model } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { readableError } from "../shared/readable-error.ts";
import { KeyState } from "./custom-model-form.tsx";
import { contextLength, pricePerMillion, runnability } from "./model-facts.ts";
import { useAttachModel, useDeleteCustomModel } from "./use-models.ts";

/**
 * The project's models: what each is, whether this server can run it, and what it costs. Its own
 * endpoints first, then the catalog models this server can run, then the rest.
 */
export function ModelsTable({ models }: { models: Model[] }) {
  const rank = (m: Model) => (isCustomModel(m) ? 0 : runnability(m).runnable ? 1 : 2);
  const sorted = [...models].sort((a, b) => rank(a) - rank(b));
  return (
    <div className="table-scroll">
      <table className="evaluations models">
        <thead>
          <tr>
            <th>Name / key</th>
            <th>Provider</th>
            <th>Kind</th>
            <th title="whether this server can call the model now">Runnable</th>
            <th className="right" title="context window in tokens">
              Context
            </th>
            <th className="right" title="USD per million input tokens">
              Input $/M
            </th>
            <th className="right" title="USD per million output tokens">
              Output $/M
            </th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((model) => (
            <ModelRow key={model.id} model={model} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ModelRow({ model }: { model: Model }) {
  const run = runnability(model);
  const custom = isCustomModel(model);
  return (
    <tr data-model-key={model.key}>
      <td className="name-key">
        <Link to="/models/$id" params={{ id: model.id }}>
          {model.name}
        </Link>
        <code className="muted small">{model.key}</code>
      </td>
      <td title={custom ? model.api_url : undefined}>
        {custom ? hostOf(model.api_url) : <CompanyVia model={model} />}
      </td>
      <td>
        {custom ? (
          <>
            custom · <KeyState set={model.api_key_set} />
          </>
        ) : (
          "catalog"
        )}
      </td>
      <td>
        <span className={run.runnable ? "runnable yes" : "runnable no"} title={run.why}>
          {run.runnable ? "yes" : "no"}
        </span>
      </td>
      <td className="right num" title={custom ? undefined : String(model.context_length ?? "")}>
        {custom ? "—" : contextLength(model.context_length)}
      </td>
      {/* The catalog's prices, or a custom model's own when it was given some. */}
      <td className="right num">{pricePerMillion(model.cost_per_input_token)}</td>
      <td className="right num">{pricePerMillion(model.cost_per_output_token)}</td>
      <td className="actions">
        {run.runnable ? (
          <Link
            to="/evaluations/new"
            search={{ model: model.id }}
            aria-label={`Evaluate ${model.key}`}
          >
            Evaluate
          </Link>
        ) : null}
        {custom ? (
          <DeleteButton id={model.id} modelKey={model.key} />
        ) : (
          <DetachButton id={model.id} modelKey={model.key} />
        )}
      </td>
    </tr>
  );
}

function DetachButton({ id, modelKey }: { id: string; modelKey: string }) {
  const attach = useAttachModel();
  return (
    <>
      <button
        type="button"
        className="link"
        disabled={attach.isPending}
        aria-label={`Remove ${modelKey} from the project`}
        title="Detach from this project (it stays in the catalog; evaluations keep it)"
        onClick={() => attach.mutate({ id, attach: false })}
      >
        Remove
      </button>
      {attach.isError ? <ActionError error={attach.error} /> : null}
    </>
  );
}

function DeleteButton({ id, modelKey }: { id: string; modelKey: string }) {
  const remove = useDeleteCustomModel();
  return (
    <>
      <button
        type="button"
        className="link danger-link"
        aria-label={`Delete ${modelKey}`}
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Delete ${modelKey}? Its evaluations stay; the key can be reused.`))
            remove.mutate(id);
        }}
      >
        Delete
      </button>
      {remove.isError ? <ActionError error={remove.error} /> : null}
    </>
  );
}

/** "OpenAI", or "OpenAI via groq" when another provider serves the model. */
export function CompanyVia({ model }: { model: CatalogModel }) {
  const company = model.company ?? model.provider;
  if (company.toLowerCase().startsWith(model.provider)) return <>{company}</>;
  return (
    <>
      {company} <span className="muted small">via {model.provider}</span>
    </>
  );
}

function ActionError({ error }: { error: unknown }) {
  return (
    <span className="field-error" role="alert">
      {readableError(error)}
    </span>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
