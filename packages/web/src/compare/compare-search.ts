import type { ComparisonOutcome, PairedStats } from "@assay/protocol";

/** The four cells of the agreement table, as the URL names them. */
export const CELLS = ["both_right", "only_a", "only_b", "both_wrong"] as const;
export type Cell = (typeof CELLS)[number];

/** Each cell: its label, the comparison route's outcome filter, and its count in the statistics. */
export const CELL_INFO: Record<
  Cell,
  { label: string; filter: ComparisonOutcome; count: (s: PairedStats) => number }
> = {
  both_right: { label: "both right", filter: "both_succeed", count: (s) => s.both_correct },
  only_a: { label: "only A right", filter: "comparison_fails", count: (s) => s.only_1_correct },
  only_b: { label: "only B right", filter: "reference_fails", count: (s) => s.only_2_correct },
  both_wrong: { label: "both wrong", filter: "both_fail", count: (s) => s.both_wrong },
};

/** The comparison view as kept in the URL: `?a=…&b=…&cell=only_a&page=2`. */
export interface CompareSearch {
  a?: string;
  b?: string;
  cell?: Cell;
  page?: number;
}

/** Unknown or malformed values are dropped, not errors: an old link still opens the view. */
export function parseCompareSearch(search: Record<string, unknown>): CompareSearch {
  const out: CompareSearch = {};
  if (typeof search.a === "string" && search.a !== "") out.a = search.a;
  if (typeof search.b === "string" && search.b !== "") out.b = search.b;
  if (CELLS.includes(search.cell as Cell)) out.cell = search.cell as Cell;
  const page = Number(search.page);
  if (out.cell && Number.isInteger(page) && page > 1) out.page = page;
  return out;
}
