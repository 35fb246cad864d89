import { type Benchmark, isCustomBenchmark } from "@assay/protocol";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { FormField, optionalNumber } from "../models/form-field.tsx";
import { runnability } from "../models/model-facts.ts";
import { ErrorMessage } from "../shared/error-message.tsx";
import { type FieldErrors, fieldErrors, otherFieldErrors } from "../shared/field-errors.ts";
import { readableError } from "../shared/readable-error.ts";
import type { NewEvaluationSearch } from "./new-evaluation-search.ts";
import { PlanPanel } from "./plan-panel.tsx";
import { EMPTY_SAMPLING, SAMPLING_FIELDS, samplingOptions } from "./sampling-draft.ts";
import { SamplingFields } from "./sampling-fields.tsx";
import { type NewEvaluation, useChoices, useCreateEvaluation } from "./use-new-evaluation.ts";
import { usePlan } from "./use-plan.ts";
import "../models/models.css";
import "./new-evaluation.css";

const FIELDS = [
  "item.model_id",
  "item.dataset_id",
  "item.limit",
  "item.concurrency",
  "item.cache",
  "item.max_cost_usd",
  ...SAMPLING_FIELDS,
];

/**
 * Starts one evaluation of a project's model on a project's benchmark and opens its live page.
 * Model and benchmark live in the URL (a link can preselect them); limit, concurrency, cache,
 * the budget and the sampling options (with the repeats) are the create request's own, left to the server's
 * defaults when empty. Below them, the server's plan of the run (calls, tokens, cost, interval
 * width) follows the form as it changes, and names under its field whatever the run would be
 * refused for.
 */
export function NewEvaluationPage({ search }: { search: NewEvaluationSearch }) {
  const choices = useChoices();
  const create = useCreateEvaluation();
  const navigate = useNavigate({ from: "/evaluations/new" });
  const [limit, setLimit] = useState("");
  const [concurrency, setConcurrency] = useState("");
  const [cache, setCache] = useState(true);
  const [budget, setBudget] = useState("");
  const [sampling, setSampling] = useState(EMPTY_SAMPLING);
  // Nothing to send without both choices, nor with a model the server says it cannot run (it
  // would take the request, and the run would fail); every other refusal is the server's.
  const [unchosen, setUnchosen] = useState<FieldErrors>(new Map());
  const choose = (patch: NewEvaluationSearch) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });

  const models = choices.data?.models ?? [];
  const benchmarks = choices.data?.benchmarks ?? [];
  const benchmark = benchmarks.find((b) => b.id === search.benchmark);
  const runnable = models.filter((m) => runnability(m).runnable);
  const notRunnable = models.filter((m) => !runnability(m).runnable);
  const chosen = models.find((m) => m.id === search.model);
  const own = benchmarks.filter(isCustomBenchmark);
  const builtIn = benchmarks.filter((b) => !isCustomBenchmark(b));

  // The run as the form describes it now: what is planned live, and what Start sends.
  const run: NewEvaluation | undefined =
    search.model && search.benchmark
      ? {
          // The listed object, so a custom model or benchmark is flagged as such; an id from the
          // URL that the project does not have goes as it is, and the server says so.
          model: chosen ?? { id: search.model },
          benchmark: benchmark ?? { id: search.benchmark },
          limit: optionalNumber(limit),
          concurrency: optionalNumber(concurrency),
          cache,
          maxCostUsd: optionalNumber(budget),
          ...samplingOptions(sampling),
        }
      : undefined;
  const plan = usePlan(run);
  // The form's own refusals first, then the server's to Start, then the planner's as it types.
  const errors =
    unchosen.size > 0
      ? unchosen
      : create.isError
        ? itemErrors(fieldErrors(create.error))
        : itemErrors(fieldErrors(plan.error));
  const others = otherFieldErrors(errors, FIELDS);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { model: modelId, benchmark: benchmarkId } = search;
    const missing = new Map<string, string>();
    if (!modelId) missing.set("item.model_id", "choose a model");
    else if (chosen && !runnability(chosen).runnable)
      missing.set("item.model_id", `not runnable: ${runnability(chosen).why}`);
    if (!benchmarkId) missing.set("item.dataset_id", "choose a benchmark");
    setUnchosen(missing);
    if (!run || missing.size > 0) return;
    create.mutate(run, {
      onSuccess: (evaluation) =>
        void navigate({ to: "/evaluations/$id", params: { id: evaluation.id } }),
    });
  }

  return (
    <section className="new-evaluation">
      <div className="page-head">
        <h1>New evaluation</h1>
      </div>
      {choices.isError ? <ErrorMessage error={choices.error} /> : null}
      {choices.data && models.length === 0 ? (
        <p className="empty">
          This project has no models yet: <Link to="/models">add one on the Models page</Link> (from
          the catalog, or your own endpoint), then come back.
        </p>
      ) : null}
      {choices.data && benchmarks.length === 0 ? (
        <p className="empty">
          This project has no benchmarks yet: upload one with{" "}
          <code>assay benchmarks create --file data.jsonl</code>, or attach a built-in one.
        </p>
      ) : null}
      <form className="model-form" onSubmit={submit} noValidate>
        <FormField
          label="Model"
          field="item.model_id"
          errors={errors}
          hint={chosen ? runnability(chosen).why : undefined}
        >
          {(input) => (
            <select
              {...input}
              value={search.model ?? ""}
              onChange={(e) => choose({ model: e.target.value || undefined })}
            >
              <option value="">{choices.isPending ? "Loading…" : "choose a model"}</option>
              <Missing value={search.model} listed={models} loaded={choices.isSuccess} />
              <optgroup label="Runnable on this server">
                {runnable.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name} ({m.key})
                  </option>
                ))}
              </optgroup>
              {notRunnable.length > 0 ? (
                <optgroup label="Not runnable: provider not configured">
                  {notRunnable.map((m) => (
                    <option key={m.id} value={m.id} disabled>
                      {m.name} ({m.key})
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          )}
        </FormField>
        <FormField
          label="Benchmark"
          field="item.dataset_id"
          errors={errors}
          hint={benchmark ? benchmarkHint(benchmark) : undefined}
        >
          {(input) => (
            <select
              {...input}
              value={search.benchmark ?? ""}
              onChange={(e) => choose({ benchmark: e.target.value || undefined })}
            >
              <option value="">{choices.isPending ? "Loading…" : "choose a benchmark"}</option>
              <Missing value={search.benchmark} listed={benchmarks} loaded={choices.isSuccess} />
              <BenchmarkGroup label="This project's own" benchmarks={own} />
              <BenchmarkGroup label="Built in" benchmarks={builtIn} />
            </select>
          )}
        </FormField>
        <FormField
          label="Limit"
          field="item.limit"
          errors={errors}
          hint="Run only the first N prompts; empty: all of them."
        >
          {(input) => (
            <input
              {...input}
              type="number"
              inputMode="numeric"
              placeholder={benchmark ? `all ${benchmark.prompt_count}` : "all"}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Concurrency"
          field="item.concurrency"
          errors={errors}
          hint="Most model calls in flight at once; empty: the server's default."
        >
          {(input) => (
            <input
              {...input}
              type="number"
              inputMode="numeric"
              placeholder="server default"
              value={concurrency}
              onChange={(e) => setConcurrency(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Budget (USD)"
          field="item.max_cost_usd"
          errors={errors}
          hint="Stop the run, keeping its results, once it has cost this much; the model needs prices."
        >
          {(input) => (
            <input
              {...input}
              type="number"
              inputMode="decimal"
              step="0.01"
              placeholder="none"
              value={budget}
              onChange={(e) => setBudget(e.target.value)}
            />
          )}
        </FormField>
        <div className="form-field form-wide">
          <label className="inline">
            <input type="checkbox" checked={cache} onChange={(e) => setCache(e.target.checked)} />
            Use the response cache (identical deterministic requests are not sent again)
          </label>
        </div>
        <SamplingFields draft={sampling} onChange={setSampling} errors={errors} model={chosen} />
        <PlanPanel
          plan={plan.data}
          updating={plan.isFetching}
          idle={run === undefined}
          refusal={planRefusal(plan.error, plan.isFetching)}
        />
        {others.length > 0 ? (
          <ul className="error form-wide">
            {others.map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        ) : create.isError && errors.size === 0 ? (
          <div className="form-wide">
            <ErrorMessage error={create.error} />
          </div>
        ) : null}
        <div className="form-wide">
          <button type="submit" className="primary" disabled={create.isPending}>
            {create.isPending ? "Starting…" : "Start evaluation"}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The create request is an array of one: the server's `body.0.limit` is the form's `item.limit`. */
function itemErrors(errors: FieldErrors): FieldErrors {
  return new Map(
    [...errors].map(([field, message]) => [field.replace(/^body\.0\./, "item."), message]),
  );
}

/** Why the panel has no plan: the form's refusal (named under its fields) or another error. */
function planRefusal(error: unknown, fetching: boolean): string | null {
  if (!error || fetching) return null;
  return fieldErrors(error).size > 0
    ? "The run as filled in would be refused: see the fields above."
    : `No plan: ${readableError(error)}`;
}

function benchmarkHint(benchmark: Benchmark): string {
  if (isCustomBenchmark(benchmark))
    return benchmark.generation_status === "ready"
      ? `${benchmark.prompt_count} prompts, this project's own`
      : `${benchmark.generation_status}: ${benchmark.status_description}`;
  return `${benchmark.prompt_count} prompts, built in${benchmark.loaded ? "" : " (its data is loaded when the run starts)"}`;
}

/** A choice from the URL the project does not list (or not yet: the lists are loading). */
function Missing(props: { value?: string; listed: { id: string }[]; loaded: boolean }) {
  if (!props.value || props.listed.some((x) => x.id === props.value)) return null;
  return <option value={props.value}>{props.loaded ? "(not in this project)" : "…"}</option>;
}

function BenchmarkGroup({ label, benchmarks }: { label: string; benchmarks: Benchmark[] }) {
  if (benchmarks.length === 0) return null;
  return (
    <optgroup label={label}>
      {benchmarks.map((b) => (
        <option key={b.id} value={b.id}>
          {b.name} ({b.prompt_count} prompts)
        </option>
      ))}
    </optgroup>
  );
}
