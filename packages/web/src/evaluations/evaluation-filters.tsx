import { EVALUATION_STATUSES, type EvaluationStatus } from "@assay/protocol";
import { useNavigate } from "@tanstack/react-router";
import type { EvaluationSearch } from "./evaluation-search.ts";
import { useFilterChoices } from "./use-evaluations.ts";

/** Model, benchmark and status filters; each change rewrites the URL, which drives the query. */
export function EvaluationFilters({ search }: { search: EvaluationSearch }) {
  const navigate = useNavigate({ from: "/evaluations" });
  const choices = useFilterChoices();
  const set = (patch: Partial<EvaluationSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }) });

  return (
    <div className="filters">
      <label>
        Model
        <select
          name="model"
          value={search.model ?? ""}
          onChange={(e) => set({ model: e.target.value || undefined })}
        >
          <option value="">all</option>
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
      {search.model || search.benchmark || search.status ? (
        <button
          type="button"
          className="link"
          onClick={() => set({ model: undefined, benchmark: undefined, status: undefined })}
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
