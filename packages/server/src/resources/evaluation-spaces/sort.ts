import type { ListEvaluationSpacesQuery } from "@assay/protocol";

export interface EvaluationSpaceSort {
  column: "weight" | "created_at" | "updated_at" | "name";
  order: "asc" | "desc";
}

/**
 * The listing's order: by `weight` unless asked otherwise, heaviest first; names read A→Z by
 * default, dates newest first.
 */
export function spaceSortOf(query: Pick<ListEvaluationSpacesQuery, "sort_by" | "order">) {
  const column = query.sort_by ?? "weight";
  const order = query.order ?? (column === "name" ? "asc" : "desc");
  return { column, order } satisfies EvaluationSpaceSort;
}
