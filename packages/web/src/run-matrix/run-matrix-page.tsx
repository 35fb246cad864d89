import { MAX_MATRIX_RUNS, MIN_MATRIX_RUNS, type RunMatrixFilter } from "@assay/protocol";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Pager } from "../evaluations/pager.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { MatrixFilters } from "./matrix-filters.tsx";
import { type MatrixSearch, runIds } from "./matrix-search.ts";
import { MatrixTable, type OpenCell } from "./matrix-table.tsx";
import { PairsTable } from "./pairs-table.tsx";
import "./run-matrix.css";
import { MATRIX_PAGE_SIZE, useRunMatrix } from "./use-run-matrix.ts";

/** `/compare/many?runs=a,b,c`: 2 to 10 runs of one benchmark side by side, prompt by prompt. */
export function RunMatrixPage({ search }: { search: MatrixSearch }) {
  const runs = runIds(search);
  if (runs.length < MIN_MATRIX_RUNS)
    return (
      <section>
        <h1>Runs side by side</h1>
        <div className="empty">
          <p>
            Choose {MIN_MATRIX_RUNS} to {MAX_MATRIX_RUNS} evaluations of one benchmark: tick them on
            the <Link to="/evaluations">Evaluations</Link> list, or on a benchmark's page, and press{" "}
            <strong>Compare</strong>.
          </p>
        </div>
      </section>
    );
  return <Matrix runs={runs} search={search} />;
}

function Matrix({ runs, search }: { runs: string[]; search: MatrixSearch }) {
  const navigate = useNavigate();
  const matrix = useRunMatrix(runs, search);
  const [open, setOpen] = useState<OpenCell>();
  const data = matrix.data;
  const page = search.page ?? 1;
  const go = (patch: Partial<MatrixSearch>) => {
    setOpen(undefined);
    navigate({ to: "/compare/many", search: { ...search, ...patch } });
  };
  const change = (filter: RunMatrixFilter, run: string | undefined) =>
    go({ filter: filter === "all" ? undefined : filter, run, page: undefined });
  return (
    <section className="run-matrix-view">
      <h1>Runs side by side</h1>
      {matrix.isPending ? <p className="muted">Loading…</p> : null}
      {matrix.isError ? <ErrorMessage error={matrix.error} /> : null}
      {data ? (
        <>
          <p className="muted matrix-summary">
            {data.runs.length} runs on the {data.prompts.toLocaleString()} prompts every one of them
            answered; each accuracy is on those prompts, with its 95% Wilson interval.
          </p>
          <MatrixFilters
            runs={data.runs}
            filter={search.filter ?? "all"}
            run={search.run}
            onChange={change}
          />
          <p className="muted small legend">
            <span className="outcome is-pass">✓</span> right ·{" "}
            <span className="outcome is-fail">✗</span> wrong ·{" "}
            <span className="outcome is-error">!</span> error (counted wrong). Choose a cell to read
            its answer.
          </p>
          <div className={matrix.isPlaceholderData ? "matrix-body loading" : "matrix-body"}>
            {data.totalCount === 0 ? (
              <p className="empty">No prompt matches this filter.</p>
            ) : (
              <MatrixTable
                runs={data.runs}
                rows={data.rows}
                open={open}
                onOpen={setOpen}
                firstNumber={(page - 1) * MATRIX_PAGE_SIZE + 1}
              />
            )}
            <Pager
              page={page}
              pageSize={MATRIX_PAGE_SIZE}
              totalCount={data.totalCount}
              onPage={(next) => go({ page: next > 1 ? next : undefined })}
              noun="prompts"
            />
          </div>
          <PairsTable runs={data.runs} pairs={data.pairs} />
        </>
      ) : null}
    </section>
  );
}
