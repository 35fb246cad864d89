import { DEFAULT_SUBSET, withoutSharedOpening } from "@assay/protocol";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { percent } from "../shared/format.ts";
import { isClustered, repeatsOf } from "../shared/repeats.ts";
import { SharedOpeningNote } from "../shared/shared-opening-note.tsx";
import { isFinished, useEvaluation } from "../shared/use-evaluation.ts";
import { NARROW, useMediaQuery } from "../shared/use-media-query.ts";
import { ExportMenu } from "./export-menu.tsx";
import { locateResult } from "./locate-result.ts";
import { ResultPanel } from "./result-panel.tsx";
import { ResultsFilters } from "./results-filters.tsx";
import { filterOf, type ResultsSearch } from "./results-search.ts";
import { ResultsTable } from "./results-table.tsx";
import { useResultPages } from "./use-results.ts";
import "./results.css";

/**
 * Keys typed into a form field are text, not commands; Enter on a focused button or link is that
 * control's own (Export, a filter, the close button), not "open the result".
 */
function belongsToControl(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest("input, select, textarea") !== null) return true;
  return event.key === "Enter" && target.closest("button, a") !== null;
}

export function ResultsPage({ id, search }: { id: string; search: ResultsSearch }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read again every 2 s while it runs: its counters say when results arrived.
  const evaluation = useEvaluation(id, true);
  const { outcome, q, subset, prompt } = search;
  const filter = useMemo(() => filterOf({ outcome, q, subset }), [outcome, q, subset]);
  const [pages, setPages] = useState<number[]>([1]);
  const results = useResultPages(id, filter, pages);
  const [cursor, setCursor] = useState<number | undefined>();
  // The opening the prompts share (a benchmark's template), found on the first page of the list
  // and kept while it is: the table shows each question, as the CLI's tables do. A later row
  // without it is shown whole.
  const firstPage = results.firstPage;
  const opening = useMemo(
    () => withoutSharedOpening(firstPage?.map((r) => r.prompt) ?? []).opening,
    [firstPage],
  );
  // A phone's table keeps the columns the panel would repeat out, as beside an open panel.
  const narrow = useMediaQuery(NARROW);
  /** j/k moved the cursor onto a row still loading while the panel is open: open it on arrival. */
  const [follow, setFollow] = useState(false);

  const set = useCallback(
    (patch: Partial<ResultsSearch>, replace = false) =>
      navigate({
        to: "/evaluations/$id/results",
        params: { id },
        search: (previous) => ({ ...previous, ...patch }),
        replace,
      }),
    [navigate, id],
  );

  // Another filter is another list: the cursor starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new filter only
  useEffect(() => setCursor(undefined), [filter]);

  // While the evaluation runs, new results refresh the pages in view, in place (no flicker).
  const done = evaluation.data?.assay.progress.done;
  const seenDone = useRef(done);
  useEffect(() => {
    if (done === undefined || seenDone.current === done) return;
    const first = seenDone.current === undefined;
    seenDone.current = done;
    if (!first) void queryClient.invalidateQueries({ queryKey: ["results", id] });
  }, [done, id, queryClient]);

  const cursorRow = cursor === undefined ? undefined : results.rows.get(cursor);
  const total = results.stale ? undefined : results.total;
  // A link (or back/forward) names a result the cursor is not on: find its row.
  const located = useQuery({
    queryKey: ["locate", id, filter, prompt],
    queryFn: () => locateResult(queryClient, id, filter, prompt as number, total as number),
    enabled:
      prompt !== undefined && total !== undefined && !follow && cursorRow?.position !== prompt,
  });
  useEffect(() => {
    if (located.data && cursorRow?.position !== prompt) setCursor(located.data.index);
  }, [located.data, cursorRow?.position, prompt]);

  useEffect(() => {
    if (!follow || !cursorRow) return;
    setFollow(false);
    set({ prompt: cursorRow.position }, true);
  }, [follow, cursorRow, set]);

  const move = useCallback(
    (to: number) => {
      if (total === undefined || total === 0) return;
      const index = Math.max(0, Math.min(total - 1, to));
      setCursor(index);
      if (prompt === undefined) return;
      const row = results.rows.get(index);
      if (row) set({ prompt: row.position }, true);
      else setFollow(true);
    },
    [total, prompt, results.rows, set],
  );
  const open = useCallback(
    (index: number) => {
      setCursor(index);
      const row = results.rows.get(index);
      if (row) set({ prompt: row.position });
    },
    [results.rows, set],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || belongsToControl(event)) return;
      if (event.key === "j") move(cursor === undefined ? 0 : cursor + 1);
      else if (event.key === "k") move(cursor === undefined ? 0 : cursor - 1);
      else if (event.key === "Enter" && cursor !== undefined) open(cursor);
      else if (event.key === "Escape" && prompt !== undefined) set({ prompt: undefined });
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [move, open, cursor, prompt, set]);

  const panelResult =
    cursorRow?.position === prompt
      ? cursorRow
      : located.data?.result.position === prompt
        ? located.data?.result
        : undefined;
  const e = evaluation.data;
  const repeats = e ? repeatsOf(e) : 1;

  if (evaluation.isError) {
    return (
      <section className="results-view">
        <h1>Results</h1>
        <ErrorMessage error={evaluation.error} />
        <p>
          <Link to="/evaluations">All evaluations</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="results-view">
      <div className="page-head">
        <h1>Results</h1>
        {e ? (
          <span className="muted">
            <Link to="/evaluations/$id" params={{ id }}>
              {e.model_name} on {e.dataset_name}
            </Link>
            {!isFinished(e) ? (
              <span className="running num" title="new results appear as they are written">
                {" "}
                · {e.status} {e.assay.progress.done}/{e.assay.progress.total}
              </span>
            ) : null}
            {e.assay.progress.done > 0 ? (
              <span className="num">
                {" "}
                · accuracy {percent(e.accuracy)} [{percent(e.assay.accuracy_ci95.low)},{" "}
                {percent(e.assay.accuracy_ci95.high)}]{" "}
                {isClustered(e) && e.assay.repeats
                  ? `(95% CI clustered by prompt, ${e.assay.repeats.prompts} prompts × ${repeats} answers)`
                  : `(95% CI, n = ${e.assay.progress.done}${repeats > 1 ? " answers" : ""}${!isFinished(e) ? ", interim" : ""})`}
              </span>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="results-toolbar">
        <ResultsFilters
          search={search}
          subsets={e?.assay.subsets ?? []}
          onChange={set}
          repeats={repeats}
        />
        <span className="muted count num" role="status">
          {results.total === undefined
            ? "Loading…"
            : e && repeats > 1
              ? promptCount(results.total, Math.ceil(e.assay.progress.total / repeats), repeats)
              : `${results.total} result${results.total === 1 ? "" : "s"}${
                  e && results.total !== e.assay.progress.done ? ` of ${e.assay.progress.done}` : ""
                }`}
        </span>
        <ExportMenu id={id} filter={filter} total={results.total ?? 0} repeats={repeats} />
      </div>
      <p className="muted small keys">
        <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> opens · <kbd>Esc</kbd> closes · the
        address is a link to what you see
      </p>
      {results.error ? <ErrorMessage error={results.error} /> : null}
      <SharedOpeningNote opening={opening} />
      {results.total === 0 ? (
        <p className="empty">
          {filter.outcome || filter.search || filter.subset
            ? "No result matches these filters."
            : "No results yet: they appear here as the evaluation runs."}
        </p>
      ) : null}
      <div
        className={`results-layout${prompt !== undefined ? " with-panel" : ""}${repeats > 1 ? " with-answers" : ""}`}
      >
        {results.total ? (
          <ResultsTable
            total={results.total}
            rows={results.rows}
            cursor={cursor}
            compact={prompt !== undefined || narrow}
            onPages={setPages}
            onOpen={open}
            repeats={repeats}
            opening={opening}
            subsets={e?.assay.subsets.some((s) => s.name !== DEFAULT_SUBSET)}
          />
        ) : null}
        {prompt !== undefined ? (
          located.data === null ? (
            <aside className="result-panel" aria-label="Result">
              <p className="empty">
                Prompt #{prompt} is not among the results these filters keep.{" "}
                <button type="button" className="link" onClick={() => set({ prompt: undefined })}>
                  Close
                </button>
              </p>
            </aside>
          ) : (
            <ResultPanel
              result={panelResult}
              onClose={() => set({ prompt: undefined })}
              scorers={evaluation.data?.assay.scorers}
              repeats={repeats}
            />
          )
        ) : null}
      </div>
      {located.isError ? <ErrorMessage error={located.error} /> : null}
    </section>
  );
}

/** A run with repeats lists prompts, each with its answers: "5 of 12 prompts (× 4 answers)". */
function promptCount(shown: number, prompts: number, repeats: number): string {
  const of = shown !== prompts ? ` of ${prompts}` : "";
  return `${shown}${of} prompt${prompts === 1 && !of ? "" : "s"} (× ${repeats} answers)`;
}
