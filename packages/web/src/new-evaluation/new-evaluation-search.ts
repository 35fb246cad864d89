/** What a link to the form may preselect: `?model=<id>&benchmark=<id>`. */
export interface NewEvaluationSearch {
  model?: string;
  benchmark?: string;
}

/** Anything else is dropped, so an old link still opens the form. */
export function parseNewEvaluationSearch(search: Record<string, unknown>): NewEvaluationSearch {
  const out: NewEvaluationSearch = {};
  if (typeof search.model === "string" && search.model !== "") out.model = search.model;
  if (typeof search.benchmark === "string" && search.benchmark !== "")
    out.benchmark = search.benchmark;
  return out;
}
