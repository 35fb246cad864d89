import { ErrorMessage } from "../shared/error-message.tsx";
import { EmptyState } from "./empty-state.tsx";
import { EvaluationFilters } from "./evaluation-filters.tsx";
import type { EvaluationSearch } from "./evaluation-search.ts";
import { EvaluationsTable } from "./evaluations-table.tsx";
import { useEvaluations } from "./use-evaluations.ts";

export function EvaluationsPage({ search }: { search: EvaluationSearch }) {
  const evaluations = useEvaluations(search);
  const filtered = Boolean(search.model || search.benchmark || search.status);

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
      <EvaluationFilters search={search} />
      {evaluations.isPending ? <p className="muted">Loading…</p> : null}
      {evaluations.isError ? <ErrorMessage error={evaluations.error} /> : null}
      {evaluations.data?.evaluations.length === 0 ? <EmptyState filtered={filtered} /> : null}
      {evaluations.data && evaluations.data.evaluations.length > 0 ? (
        <EvaluationsTable evaluations={evaluations.data.evaluations} />
      ) : null}
    </section>
  );
}
