/**
 * Where a page of an ordered list of `total` rows is cheapest to read: from the start, or from
 * the end (in reverse) when fewer rows lie after the page than before it, so a deep page never
 * skips more than half the list. Undefined when the page is past the end.
 */
export function nearerEnd(
  total: number,
  page: number,
  pageSize: number,
): { direction: "asc" | "desc"; limit: number; offset: number } | undefined {
  const offset = (page - 1) * pageSize;
  const end = Math.min(offset + pageSize, total);
  if (offset >= end) return undefined;
  // The last rows of the page are the first ones counted from the end.
  const fromEnd = total - end < offset;
  return {
    direction: fromEnd ? "desc" : "asc",
    limit: end - offset,
    offset: fromEnd ? total - end : offset,
  };
}
