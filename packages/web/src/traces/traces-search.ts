import { parseCount } from "../evaluations/evaluation-search.ts";

/**
 * The traces list as kept in the URL: the server's filters (`source`, `judge`, `status` of the
 * latest verdict, `range` such as `7d`, the search text `q`) and the page. Absent: everything,
 * newest first, page 1.
 */
export interface TraceSearch {
  source?: string;
  judge?: string;
  status?: "pass" | "fail";
  range?: string;
  q?: string;
  page?: number;
}

export const TRACE_PAGE_SIZE = 50;

/** The time ranges offered; the server takes any `<n>h|d|w`, so a link may carry another. */
export const TIME_RANGES = [
  ["1h", "last hour"],
  ["24h", "last 24 hours"],
  ["7d", "last 7 days"],
  ["30d", "last 30 days"],
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
  if (search.status === "pass" || search.status === "fail") out.status = search.status;
  const range = textOf(search.range);
  if (RANGE.test(range)) out.range = range;
  const q = textOf(search.q);
  if (q !== "") out.q = q;
  const page = parseCount(search.page, Number.MAX_SAFE_INTEGER);
  if (page !== undefined && page > 1) out.page = page;
  return out;
}

export function isFiltered(search: TraceSearch): boolean {
  return Boolean(search.source || search.judge || search.status || search.range || search.q);
}
