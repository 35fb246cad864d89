import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { CompareButton } from "./compare-button.tsx";
import { EmptyState } from "./empty-state.tsx";
import { EvaluationFilters } from "./evaluation-filters.tsx";
import { DEFAULT_PAGE_SIZE, type EvaluationSearch } from "./evaluation-search.ts";
import { EvaluationsTable } from "./evaluations-table.tsx";
import { Pager } from "./pager.tsx";
import type { SortState } from "./sort-header.tsx";
import { useEvaluations } from "./use-evaluations.ts";
import "./evaluations.css";

export function EvaluationsPage({ search }: { search: EvaluationSearch }) {
  const navigate = useNavigate({ from: "/evaluations" });
  const evaluations = useEvaluations(search);
  const filtered = Boolean(search.model || search.benchmark || search.status || search.q);
  // Ticked for comparison, in ticking order: the first is A, the reference.
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const sort: SortState = { sort: search.sort ?? "submitted_at", order: search.order ?? "desc" };
  // The default order stays out of the URL; a new order starts again at the first page.
  const onSort = (next: SortState) =>
    navigate({
      search: (previous) => ({
        ...previous,
        sort: next.sort === "submitted_at" ? undefined : next.sort,
        order: next.order === "desc" ? undefined : next.order,
        page: undefined,
      }),
    });
  const onPage = (page: number) =>
    navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) });
  const data = evaluations.data;

  return (
    <section>
      <div className="page-head">
        <h1>Evaluations</h1>
        {data ? (
          <span className="muted count" data-testid="total-count">
            {data.totalCount} {filtered ? "matching" : "in this project"}
          </span>
        ) : null}
        {evaluations.isPlaceholderData ? <span className="muted small">updating…</span> : null}
        <Link
          to="/evaluations/new"
          search={{ model: search.model, benchmark: search.benchmark }}
          className="button primary new-evaluation"
        >
          New evaluation
        </Link>
      </div>
      <div className="list-tools">
        <EvaluationFilters search={search} />
        <CompareButton selected={selected} />
      </div>
      {evaluations.isPending ? <p className="muted">Loading…</p> : null}
      {evaluations.isError ? <ErrorMessage error={evaluations.error} /> : null}
      {data?.evaluations.length === 0 && data.totalCount === 0 ? (
        <EmptyState filtered={filtered} />
      ) : null}
      {data?.evaluations.length === 0 && data.totalCount > 0 ? (
        <p className="empty">
          This page is past the end of the list.{" "}
          <button type="button" className="link" onClick={() => onPage(1)}>
            Go to the first page
          </button>
        </p>
      ) : null}
      {data && data.evaluations.length > 0 ? (
        <EvaluationsTable
          evaluations={data.evaluations}
          selected={selected}
          onToggle={toggle}
          sort={sort}
          onSort={onSort}
        />
      ) : null}
      {data && data.evaluations.length > 0 ? (
        <Pager
          page={search.page ?? 1}
          pageSize={search.page_size ?? DEFAULT_PAGE_SIZE}
          totalCount={data.totalCount}
          onPage={onPage}
          noun="evaluations"
        />
      ) : null}
    </section>
  );
}
