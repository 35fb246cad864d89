import type { ReactNode } from "react";
import type { EvaluationSortKey } from "./evaluation-search.ts";

export interface SortState<K extends string = EvaluationSortKey> {
  sort: K;
  order: "asc" | "desc";
}

/**
 * A column header that sorts the list by its key (on the server, so every page agrees): a first
 * click sorts high to low (newest, most accurate, slowest first), the next reverses it.
 */
export function SortHeader<K extends string = EvaluationSortKey>(props: {
  sortKey: K;
  current: SortState<K>;
  onSort: (next: SortState<K>) => void;
  className?: string;
  /** Names the column for tests and styles (`data-column`). */
  column?: string;
  title?: string;
  children: ReactNode;
}) {
  const { sortKey, current } = props;
  const active = current.sort === sortKey;
  const next: SortState<K> = {
    sort: sortKey,
    order: active && current.order === "desc" ? "asc" : "desc",
  };
  return (
    <th
      className={props.className}
      title={props.title}
      data-column={props.column}
      aria-sort={active ? (current.order === "asc" ? "ascending" : "descending") : "none"}
    >
      <button type="button" className="sort" onClick={() => props.onSort(next)}>
        {props.children}
        <span className="sort-mark" aria-hidden="true">
          {active ? (current.order === "asc" ? " ▲" : " ▼") : " ↕"}
        </span>
      </button>
    </th>
  );
}
