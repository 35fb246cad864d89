import { EVALUATION_STATUSES, type EvaluationStatus } from "@assay/protocol";

/** The evaluations view's filters, as kept in the URL (`?model=…&benchmark=…&status=…`). */
export interface EvaluationSearch {
  model?: string;
  benchmark?: string;
  status?: EvaluationStatus;
}

/** Unknown or malformed values are dropped, not errors: an old link still opens the view. */
export function parseEvaluationSearch(search: Record<string, unknown>): EvaluationSearch {
  const out: EvaluationSearch = {};
  if (typeof search.model === "string" && search.model !== "") out.model = search.model;
  if (typeof search.benchmark === "string" && search.benchmark !== "")
    out.benchmark = search.benchmark;
  if (EVALUATION_STATUSES.includes(search.status as EvaluationStatus))
    out.status = search.status as EvaluationStatus;
  return out;
}
