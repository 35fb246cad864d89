import { EVALUATION_STATUSES, type EvaluationStatus } from "@assay/protocol";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import type { EvaluationSearch } from "./evaluation-search.ts";
import { SearchBox } from "./search-box.tsx";
import { useFilterChoices } from "./use-evaluations.ts";

/**
 * Search text and model, benchmark and status filters; each change rewrites the URL, which
 * drives the query, and goes back to the first page (the old page may no longer exist).
 */
export function EvaluationFilters({ search }: { search: EvaluationSearch }) {
  const navigate = useNavigate({ from: "/evaluations" });
  const choices = useFilterChoices();
  const set = useCallback(
    (patch: Partial<EvaluationSearch>) =>
      navigate({ search: (previous) => ({ ...previous, ...patch, page: undefined }) }),
    [navigate],
  );
  const onSearch = useCallback((q: string | undefined) => set({ q }), [set]);

  return (
    <div className="filters">
      <SearchBox
        label="Search"
        value={search.q}
        onSearch={onSearch}
        placeholder="model, benchmark or id"
      />
      <label>
        Model
        <select
          name="model"
          value={search.model ?? ""}
          onChange={(e) => set({ model: e.target.value || undefined })}
        >
          <option value="">all</option>
          <MissingChoice value={search.model} choices={choices.data?.models} />
          {choices.data?.models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Benchmark
        <select
          name="benchmark"
          value={search.benchmark ?? ""}
          onChange={(e) => set({ benchmark: e.target.value || undefined })}
        >
          <option value="">all</option>
          <MissingChoice value={search.benchmark} choices={choices.data?.benchmarks} />
          {choices.data?.benchmarks.map((b) => (
            <option key={b.id} value={b.id}>
              {b.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select
          name="status"
          value={search.status ?? ""}
          onChange={(e) =>
            set({ status: (e.target.value || undefined) as EvaluationStatus | undefined })
          }
        >
          <option value="">all</option>
          {EVALUATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {search.model || search.benchmark || search.status || search.q ? (
        <button
          type="button"
          className="link"
          onClick={() =>
            set({ model: undefined, benchmark: undefined, status: undefined, q: undefined })
          }
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

/**
 * A filter from the URL whose choice is not (yet) listed: while the choices load, or for a model
 * since removed from the project. Shown as such, rather than the select silently saying "all".
 */
function MissingChoice(props: { value?: string; choices?: { id: string }[] }) {
  if (!props.value || props.choices?.some((c) => c.id === props.value)) return null;
  return <option value={props.value}>{props.choices ? "(not in this project)" : "…"}</option>;
}
