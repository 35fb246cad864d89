import {
  DEFAULT_PAGE_SIZE,
  type EvaluationSortKey,
  parseEvaluationSearch,
} from "../evaluations/evaluation-search.ts";

export { DEFAULT_PAGE_SIZE };

/** The public list as kept in the URL: search text, order and page, as the evaluations list. */
export interface PublicSearch {
  q?: string;
  sort?: EvaluationSortKey;
  order?: "asc" | "desc";
  page?: number;
  page_size?: number;
}

export function parsePublicSearch(search: Record<string, unknown>): PublicSearch {
  const { q, sort, order, page, page_size } = parseEvaluationSearch(search);
  const out: PublicSearch = { q, sort, order, page, page_size };
  for (const key of Object.keys(out) as (keyof PublicSearch)[])
    if (out[key] === undefined) delete out[key];
  return out;
}
