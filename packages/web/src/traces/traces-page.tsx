import { useNavigate } from "@tanstack/react-router";
import { Pager } from "../evaluations/pager.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { TraceFilters } from "./trace-filters.tsx";
import { TraceUpload } from "./trace-upload.tsx";
import {
  isFiltered,
  type SummaryFilter,
  TRACE_PAGE_SIZE,
  type TraceSearch,
} from "./traces-search.ts";
import { TracesTable } from "./traces-table.tsx";
import { useTraces } from "./use-traces.ts";
import "./traces.css";

export function TracesPage({ search }: { search: TraceSearch }) {
  const navigate = useNavigate({ from: "/traces" });
  const traces = useTraces(search);
  const filtered = isFiltered(search);
  const onPage = (page: number) =>
    navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) });
  const data = traces.data;
  // A new order or filter starts again at the first page.
  const onSort = ({ sort, order }: { sort: TraceSearch["sort"]; order: "asc" | "desc" }) =>
    navigate({
      search: (previous) => ({
        ...previous,
        sort: sort === "created_at" ? undefined : sort,
        order: sort === "created_at" && order === "desc" ? undefined : order,
        page: undefined,
      }),
    });
  const onFilter = (key: SummaryFilter, value: string) =>
    navigate({ search: (previous) => ({ ...previous, [key]: value, page: undefined }) });

  return (
    <section className="traces-view">
      <div className="page-head">
        <h1>Traces</h1>
        {data ? (
          <span className="muted count" data-testid="total-count">
            {data.totalCount} {filtered ? "matching" : "in this project"}
          </span>
        ) : null}
        {traces.isPlaceholderData ? <span className="muted small">updating…</span> : null}
      </div>
      <TraceUpload />
      <div className="list-tools">
        <TraceFilters search={search} />
      </div>
      {traces.isPending ? <p className="muted">Loading…</p> : null}
      {traces.isError ? <ErrorMessage error={traces.error} /> : null}
      {data?.traces.length === 0 && data.totalCount === 0 ? (
        <EmptyTraces filtered={filtered} />
      ) : null}
      {data?.traces.length === 0 && data.totalCount > 0 ? (
        <p className="empty">
          This page is past the end of the list.{" "}
          <button type="button" className="link" onClick={() => onPage(1)}>
            Go to the first page
          </button>
        </p>
      ) : null}
      {data && data.traces.length > 0 ? (
        <>
          <div className="table-scroll">
            <TracesTable traces={data.traces} search={search} onSort={onSort} onFilter={onFilter} />
          </div>
          <Pager
            page={search.page ?? 1}
            pageSize={TRACE_PAGE_SIZE}
            totalCount={data.totalCount}
            onPage={onPage}
            noun="traces"
          />
        </>
      ) : null}
    </section>
  );
}

function EmptyTraces({ filtered }: { filtered: boolean }) {
  if (filtered)
    return <p className="empty">No trace matches these filters. Clear them to see all.</p>;
  return (
    <div className="empty">
      <p>
        No traces in this project yet. Drop a JSON or JSONL file above, or upload one from a
        terminal:
      </p>
      <pre>
        <code>assay traces upload traces.jsonl</code>
      </pre>
      <p className="muted small">
        The Python and TypeScript SDKs upload too (<code>client.traces.upload(…)</code>). Judges
        then give each trace a verdict, shown here beside it.
      </p>
    </div>
  );
}
