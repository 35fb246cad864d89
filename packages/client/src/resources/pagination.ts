/**
 * The page summary the original SDK computes itself from what it asked for and the server's total
 * (protocol §6.3, §7.1); a `pagination` sent by the server is never read.
 */
export interface Pagination {
  page: number;
  pageSize: number;
  /** `ceil(totalCount / pageSize)`; 0 when there is nothing. */
  totalPages: number;
  totalCount: number;
}

/** Page sizes the list routes accept; larger asks are clamped, as the original SDK does. */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

export function clampPageSize(pageSize: number | undefined): number {
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize ?? DEFAULT_PAGE_SIZE)));
}

export function pagination(page: number, pageSize: number, totalCount: number): Pagination {
  return { page, pageSize, totalPages: Math.ceil(totalCount / pageSize), totalCount };
}
