import { MAX_MATRIX_RUNS, RUN_MATRIX_FILTERS, type RunMatrixFilter } from "@assay/protocol";

/** The N-run view as kept in the URL: `?runs=a,b,c&filter=alone_fails&run=b&page=2`. */
export interface MatrixSearch {
  /** The runs in column order, comma-separated: `runIds()` splits them. */
  runs?: string;
  filter?: RunMatrixFilter;
  /** The run `alone_fails` and `alone_passes` single out. */
  run?: string;
  page?: number;
}

/** The filters that single out one run. */
export const needsRun = (filter: RunMatrixFilter | undefined) =>
  filter === "alone_fails" || filter === "alone_passes";

/** Unknown or malformed values are dropped, not errors: an old link still opens the view. */
export function parseMatrixSearch(search: Record<string, unknown>): MatrixSearch {
  const out: MatrixSearch = {};
  if (typeof search.runs === "string") {
    const runs = [...new Set(search.runs.split(",").filter((id) => /^[A-Za-z0-9._-]+$/.test(id)))];
    if (runs.length > 0) out.runs = runsParam(runs.slice(0, MAX_MATRIX_RUNS));
  }
  if (RUN_MATRIX_FILTERS.includes(search.filter as RunMatrixFilter) && search.filter !== "all")
    out.filter = search.filter as RunMatrixFilter;
  if (typeof search.run === "string" && runIds(out).includes(search.run)) out.run = search.run;
  // A filter that singles out a run needs one of the matrix's runs: without it, show them all.
  if (needsRun(out.filter) && !out.run) delete out.filter;
  if (!needsRun(out.filter)) delete out.run;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
}

/** The URL's `runs` value of a list of evaluation ids. */
export const runsParam = (ids: readonly string[]) => ids.join(",");

/** The runs of the view, in column order. */
export const runIds = (search: MatrixSearch): string[] =>
  search.runs ? search.runs.split(",") : [];
