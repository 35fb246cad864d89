import { useNavigate } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { useSession } from "../app/use-session.ts";
import { CompareButton } from "../evaluations/compare-button.tsx";
import { Pager } from "../evaluations/pager.tsx";
import { SearchBox } from "../evaluations/search-box.tsx";
import type { SortState } from "../evaluations/sort-header.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { DEFAULT_PAGE_SIZE, type PublicSearch } from "./public-search.ts";
import { PublicTable } from "./public-table.tsx";
import { usePublicEvaluations } from "./use-public-evaluations.ts";
import "../evaluations/evaluations.css";
import "./public.css";

/**
 * Evaluations any organization made public, beside the signed-in organization's own (from all
 * its projects): what the public listing of the API answers this key.
 */
export function PublicPage({ search }: { search: PublicSearch }) {
  const navigate = useNavigate({ from: "/public/evaluations" });
  const session = useSession();
  const evaluations = usePublicEvaluations(search);
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const set = useCallback(
    (patch: Partial<PublicSearch>) =>
      navigate({ search: (previous) => ({ ...previous, ...patch }) }),
    [navigate],
  );
  const onSearch = useCallback((q: string | undefined) => set({ q, page: undefined }), [set]);
  const sort: SortState = { sort: search.sort ?? "submitted_at", order: search.order ?? "desc" };
  const onSort = (next: SortState) =>
    set({
      sort: next.sort === "submitted_at" ? undefined : next.sort,
      order: next.order === "desc" ? undefined : next.order,
      page: undefined,
    });
  const data = evaluations.data;
  const organizationId = session.data?.organization.id ?? "";

  return (
    <section>
      <div className="page-head">
        <h1>Public evaluations</h1>
        {data ? (
          <span className="muted count" data-testid="total-count">
            {data.totalCount}
          </span>
        ) : null}
      </div>
      <p className="muted small intro">
        Evaluations that any organization on this service published, readable with their results by
        every API key, together with your organization's own from all its projects (yours stay
        private unless you publish them on their page).
      </p>
      <div className="list-tools">
        <div className="filters">
          <SearchBox
            label="Search"
            value={search.q}
            onSearch={onSearch}
            placeholder="model, benchmark or id"
          />
        </div>
        <CompareButton selected={selected} />
      </div>
      {evaluations.isPending ? <p className="muted">Loading…</p> : null}
      {evaluations.isError ? <ErrorMessage error={evaluations.error} /> : null}
      {data?.totalCount === 0 ? (
        <p className="empty">
          {search.q
            ? "No public evaluation matches this search."
            : "Nothing published yet. Open one of your evaluations and switch on “Public” to share it with every organization on this service."}
        </p>
      ) : null}
      {data && data.evaluations.length > 0 ? (
        <>
          <PublicTable
            evaluations={data.evaluations}
            organizationId={organizationId}
            selected={selected}
            onToggle={toggle}
            sort={sort}
            onSort={onSort}
          />
          <Pager
            page={search.page ?? 1}
            pageSize={search.page_size ?? DEFAULT_PAGE_SIZE}
            totalCount={data.totalCount}
            onPage={(page) => set({ page: page > 1 ? page : undefined })}
            noun="evaluations"
          />
        </>
      ) : null}
    </section>
  );
}
