import { parseCount } from "../evaluations/evaluation-search.ts";

/** The columns the list sorts on, as the server names them. */
export const TRACE_SORTS = ["created_at", "duration_ms", "total_tokens", "cost_usd"] as const;
export type TraceSort = (typeof TRACE_SORTS)[number];

/** Verdict filters: the latest verdict passed or failed, or the latest run errored. */
export const TRACE_STATUSES = ["pass", "fail", "error"] as const;
export type TraceStatus = (typeof TRACE_STATUSES)[number];

/**
 * The traces list as kept in the URL: the server's filters (`source`, `judge`, `status` of the
 * latest verdict, `range` such as `7d`, the search text `q`; a trace's `model`, `service`,
 * `session` and `user`, `min_ms` of latency), the order (`sort`, `order`) and the page.
 * Absent: everything, newest first, page 1.
 */
export interface TraceSearch {
  source?: string;
  judge?: string;
  status?: TraceStatus;
  range?: string;
  q?: string;
  model?: string;
  service?: string;
  session?: string;
  user?: string;
  min_ms?: number;
  sort?: TraceSort;
  order?: "asc" | "desc";
  page?: number;
}

/** The summary values a list cell filters on when clicked, with the words a chip shows. */
export const SUMMARY_FILTERS = [
  ["model", "model"],
  ["service", "service"],
  ["session", "session"],
  ["user", "user"],
] as const;
export type SummaryFilter = (typeof SUMMARY_FILTERS)[number][0];

export const TRACE_PAGE_SIZE = 50;

/** The time ranges offered; the server takes any `<n>h|d|w`, so a link may carry another. */
export const TIME_RANGES = [
  ["1h", "last hour"],
  ["24h", "last 24 hours"],
  ["7d", "last 7 days"],
  ["30d", "last 30 days"],
] as const;

/** Latency floors offered, in milliseconds. */
export const LATENCY_FLOORS = [
  [1000, "≥ 1 s"],
  [5000, "≥ 5 s"],
  [30000, "≥ 30 s"],
] as const;

const RANGE = /^[1-9]\d{0,3}[hdw]$/;

/** Unknown or malformed values are dropped: an old link still opens the view. */
export function parseTraceSearch(search: Record<string, unknown>): TraceSearch {
  const out: TraceSearch = {};
  const textOf = (value: unknown) =>
    ["string", "number"].includes(typeof value) ? String(value).trim().slice(0, 256) : "";
  const source = textOf(search.source);
  if (source !== "") out.source = source;
  const judge = textOf(search.judge);
  if (judge !== "") out.judge = judge;
  if (TRACE_STATUSES.includes(search.status as TraceStatus))
    out.status = search.status as TraceStatus;
  const range = textOf(search.range);
  if (RANGE.test(range)) out.range = range;
  const q = textOf(search.q);
  if (q !== "") out.q = q;
  for (const [key] of SUMMARY_FILTERS) {
    const value = textOf(search[key]);
    if (value !== "") out[key] = value;
  }
  const floor = parseCount(search.min_ms, Number.MAX_SAFE_INTEGER);
  if (floor !== undefined && floor > 0) out.min_ms = floor;
  if (TRACE_SORTS.includes(search.sort as TraceSort) && search.sort !== "created_at")
    out.sort = search.sort as TraceSort;
  if (search.order === "asc" || search.order === "desc") out.order = search.order;
  const page = parseCount(search.page, Number.MAX_SAFE_INTEGER);
  if (page !== undefined && page > 1) out.page = page;
  return out;
}

export function isFiltered(search: TraceSearch): boolean {
  return Boolean(
    search.source ||
      search.judge ||
      search.status ||
      search.range ||
      search.q ||
      search.model ||
      search.service ||
      search.session ||
      search.user ||
      search.min_ms,
  );
}

/** The list's order: newest first unless a column was chosen; a chosen column high to low. */
export function sortOf(search: TraceSearch): { sort: TraceSort; order: "asc" | "desc" } {
  return { sort: search.sort ?? "created_at", order: search.order ?? "desc" };
}
