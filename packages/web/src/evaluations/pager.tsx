/**
 * Where this page sits in the whole list, with Previous and Next (buttons: Tab and Enter or
 * Space work). Pages are numbered from 1.
 */
export function Pager(props: {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: (page: number) => void;
  /** What is counted, plural: "evaluations". */
  noun: string;
}) {
  const { page, pageSize, totalCount, onPage } = props;
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const first = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(totalCount, page * pageSize);
  return (
    <nav className="pager" aria-label="pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      <span className="position" data-testid="page-position" aria-live="polite">
        {first === last ? first : `${first}–${last}`} of {totalCount} {props.noun} · page {page} of{" "}
        {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}
