import type { PromptField } from "@assay/client";

export const SEARCH_FIELDS: readonly PromptField[] = ["input", "truth", "id"];
export const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/**
 * The prompt browser's state as kept in the URL: the page (`page`, `page_size`), the search (the
 * field `search` and the text `q` looked for in it), the `subset` and the prompt whose whole text is open
 * (`open`, its id), so a link is the view.
 */
export interface PromptSearch {
  page: number;
  size: number;
  field: PromptField;
  q?: string;
  subset?: string;
  open?: string;
}

/** The URL form of a state: defaults left out. */
export interface PromptSearchParams {
  page?: number;
  page_size?: number;
  search?: PromptField;
  q?: string;
  subset?: string;
  open?: string;
}

/** Unknown or malformed values fall back to the defaults: an old link still opens the view. */
export function parsePromptSearch(search: Record<string, unknown>): PromptSearchParams {
  const out: PromptSearchParams = {};
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  const size = Number(search.page_size);
  if ((PAGE_SIZES as readonly number[]).includes(size)) out.page_size = size;
  if (SEARCH_FIELDS.includes(search.search as PromptField))
    out.search = search.search as PromptField;
  // The router parses `?q=42` as a number; a search for digits is still a search.
  const q = typeof search.q === "number" ? String(search.q) : search.q;
  if (typeof q === "string" && q.trim() !== "") out.q = q;
  const subset = typeof search.subset === "number" ? String(search.subset) : search.subset;
  if (typeof subset === "string" && subset !== "") out.subset = subset;
  const open = typeof search.open === "number" ? String(search.open) : search.open;
  if (typeof open === "string" && open !== "") out.open = open;
  return out;
}

export function promptSearchOf(params: PromptSearchParams): PromptSearch {
  return {
    page: params.page ?? 1,
    size: params.page_size ?? DEFAULT_PAGE_SIZE,
    field: params.search ?? "input",
    q: params.q?.trim() || undefined,
    subset: params.subset,
    open: params.open,
  };
}
