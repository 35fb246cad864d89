import { booleanParam, listParam, type SortOrder, textParam } from "./query.ts";

/**
 * What every public catalog page takes (protocol §12.1; §12.2 reuses its rules). Each resource
 * adds its own filters and sort keys.
 */
export interface CatalogPageParams {
  /** Free text, looked for in name, key and description (and a model's company). */
  query?: string | undefined;
  name?: string | undefined;
  key?: string | undefined;
  ids?: readonly string[] | undefined;
  categories?: readonly string[] | undefined;
  order?: SortOrder | undefined;
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, at most 500. */
  page_size?: number | undefined;
  /** Default false: deprecated entries are left out. */
  include_deprecated?: boolean | undefined;
}

/** The query parameters of `CatalogPageParams`, as sent. */
export function catalogPageQuery(params: CatalogPageParams) {
  return {
    query: textParam(params.query),
    name: textParam(params.name),
    key: textParam(params.key),
    ids: listParam(params.ids),
    categories: listParam(params.categories),
    order: params.order,
    page: params.page,
    page_size: params.page_size,
    include_deprecated: booleanParam(params.include_deprecated),
  };
}
