import { RESULT_OUTCOMES } from "@assay/protocol";

export type Outcome = (typeof RESULT_OUTCOMES)[number];

/**
 * The results view's state as kept in the URL: the filters (`outcome`, `q`, `subset`) and the
 * result whose panel is open (`prompt` = its position in the benchmark), so a link is the view.
 */
export interface ResultsSearch {
  outcome?: Outcome;
  q?: string;
  subset?: string;
  prompt?: number;
}

/** Unknown or malformed values are dropped, not errors: an old link still opens the view. */
export function parseResultsSearch(search: Record<string, unknown>): ResultsSearch {
  const out: ResultsSearch = {};
  if (RESULT_OUTCOMES.includes(search.outcome as Outcome)) out.outcome = search.outcome as Outcome;
  // The router parses `?q=42` as a number; a search for digits is still a search.
  const q = typeof search.q === "number" ? String(search.q) : search.q;
  if (typeof q === "string" && q.trim() !== "") out.q = q;
  if (typeof search.subset === "string" && search.subset !== "") out.subset = search.subset;
  const prompt = Number(search.prompt);
  if (search.prompt !== undefined && Number.isInteger(prompt) && prompt >= 0) out.prompt = prompt;
  return out;
}

/** The server-side filter of a results query (what every page and the export ask for). */
export interface ResultFilter {
  outcome?: Outcome;
  search?: string;
  subset?: string;
}

export function filterOf(search: ResultsSearch): ResultFilter {
  return { outcome: search.outcome, search: search.q?.trim(), subset: search.subset };
}
