import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { CompareButton } from "./compare-button.tsx";
import { EmptyState } from "./empty-state.tsx";
import { EvaluationFilters } from "./evaluation-filters.tsx";
import type { EvaluationSearch } from "./evaluation-search.ts";
import { EvaluationsTable } from "./evaluations-table.tsx";
import { useEvaluations } from "./use-evaluations.ts";

export function EvaluationsPage({ search }: { search: EvaluationSearch }) {
  const evaluations = useEvaluations(search);
  const filtered = Boolean(search.model || search.benchmark || search.status);
  // Ticked for comparison, in ticking order: the first is A, the reference.
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <section>
      <div className="page-head">
        <h1>Evaluations</h1>
        {evaluations.data ? (
          <span className="muted count">
            {evaluations.data.evaluations.length < evaluations.data.totalCount
              ? `newest ${evaluations.data.evaluations.length} of ${evaluations.data.totalCount}`
              : `${evaluations.data.totalCount}`}
          </span>
        ) : null}
      </div>
      <div className="list-tools">
        <EvaluationFilters search={search} />
        <CompareButton selected={selected} />
      </div>
      {evaluations.isPending ? <p className="muted">Loading…</p> : null}
      {evaluations.isError ? <ErrorMessage error={evaluations.error} /> : null}
      {evaluations.data?.evaluations.length === 0 ? <EmptyState filtered={filtered} /> : null}
      {evaluations.data && evaluations.data.evaluations.length > 0 ? (
        <EvaluationsTable
          evaluations={evaluations.data.evaluations}
          selected={selected}
          onToggle={toggle}
        />
      ) : null}
    </section>
  );
}
