import type { BenchmarkPrompt, ListPromptsQuery } from "@assay/protocol";
import type { SortOrder } from "./query.ts";
import { textParam } from "./query.ts";

/** A field of a prompt that can be searched in and sorted by. */
export type PromptField = NonNullable<ListPromptsQuery["search"]>;

/** One page of a benchmark's prompts (protocol §5.5, §12.2). */
export interface PromptParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, at most 1000. */
  page_size?: number | undefined;
  /** The field `search_value` is looked for in. */
  search?: PromptField | undefined;
  search_value?: string | undefined;
  /** Only the prompts of this subset (exact name; an Assay extension). */
  subset?: string | undefined;
  sort_by?: PromptField | undefined;
  sort_order?: SortOrder | undefined;
}

export interface PromptPage {
  prompts: BenchmarkPrompt[];
  /** Prompts matching on all pages. */
  count: number;
}

export function promptQuery(params: PromptParams) {
  return {
    page: params.page,
    page_size: params.page_size,
    search: params.search,
    search_value: textParam(params.search_value),
    subset: textParam(params.subset),
    sort_by: params.sort_by,
    sort_order: params.sort_order,
  };
}

const ALL_PROMPTS_PAGE_SIZE = 100;

/**
 * Every prompt, in pages of 100 from page 1 as the original SDK reads them: stops on an empty page
 * or at the last page the first answers' `count` implies.
 */
export async function collectPrompts(
  fetchPage: (params: PromptParams) => Promise<PromptPage>,
): Promise<BenchmarkPrompt[]> {
  const prompts: BenchmarkPrompt[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage({ page, page_size: ALL_PROMPTS_PAGE_SIZE });
    if (answer.prompts.length === 0) return prompts;
    prompts.push(...answer.prompts);
    if (page >= Math.ceil(answer.count / ALL_PROMPTS_PAGE_SIZE)) return prompts;
  }
}
