/**
 * The models view's state in the URL: a filter of the project's models (`find`, `runnable`) and
 * the catalog search (`q`).
 */
export interface ModelsSearch {
  find?: string;
  runnable?: true;
  q?: string;
}

/** Anything else is dropped, so an old link still opens the view. */
export function parseModelsSearch(search: Record<string, unknown>): ModelsSearch {
  const out: ModelsSearch = {};
  if (typeof search.find === "string" && search.find !== "") out.find = search.find;
  if (search.runnable === true || search.runnable === "true") out.runnable = true;
  if (typeof search.q === "string" && search.q !== "") out.q = search.q;
  return out;
}
