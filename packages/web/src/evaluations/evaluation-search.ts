import { EVALUATION_SORT_KEYS, EVALUATION_STATUSES, type EvaluationStatus } from "@assay/protocol";

export type EvaluationSortKey = (typeof EVALUATION_SORT_KEYS)[number];

/**
 * The evaluations view as kept in the URL: filters (`model`, `benchmark`, `status`, the search
 * text `q`), order (`sort`, `order`) and page (`page`, `page_size`). Absent means the default:
 * everything, newest first, page 1 of DEFAULT_PAGE_SIZE.
 */
export interface EvaluationSearch {
  model?: string;
  benchmark?: string;
  status?: EvaluationStatus;
  q?: string;
  sort?: EvaluationSortKey;
  order?: "asc" | "desc";
  page?: number;
  page_size?: number;
}

export const DEFAULT_PAGE_SIZE = 100;
/** The API's largest page. */
export const MAX_PAGE_SIZE = 500;

/** A whole number from the URL within bounds, else undefined (the default). */
export function parseCount(value: unknown, max: number): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}

/** Unknown or malformed values are dropped, not errors: an old link still opens the view. */
export function parseEvaluationSearch(search: Record<string, unknown>): EvaluationSearch {
  const out: EvaluationSearch = {};
  if (typeof search.model === "string" && search.model !== "") out.model = search.model;
  if (typeof search.benchmark === "string" && search.benchmark !== "")
    out.benchmark = search.benchmark;
  if (EVALUATION_STATUSES.includes(search.status as EvaluationStatus))
    out.status = search.status as EvaluationStatus;
  // The router reads `?q=123` as the number 123.
  const q = ["string", "number"].includes(typeof search.q)
    ? String(search.q).trim().slice(0, 256)
    : "";
  if (q !== "") out.q = q;
  if (EVALUATION_SORT_KEYS.includes(search.sort as EvaluationSortKey))
    out.sort = search.sort as EvaluationSortKey;
  if (search.order === "asc" || search.order === "desc") out.order = search.order;
  const page = parseCount(search.page, Number.MAX_SAFE_INTEGER);
  if (page !== undefined && page > 1) out.page = page;
  const pageSize = parseCount(search.page_size, MAX_PAGE_SIZE);
  if (pageSize !== undefined && pageSize !== DEFAULT_PAGE_SIZE) out.page_size = pageSize;
  return out;
}
