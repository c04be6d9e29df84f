import type { Paged, PagingInfo } from './paging.pure';

export type { Paged, PagingInfo } from './paging.pure';

export const DEFAULT_PAGE_SIZE = 20;

export function pagingInfo(currentPage: number, itemsPerPage: number, totalItems: number): PagingInfo {
  const totalPages = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const page = Math.min(Math.max(1, currentPage), totalPages);
  const from = totalItems === 0 ? 0 : (page - 1) * itemsPerPage + 1;
  return {
    currentPage: page,
    totalItems,
    itemsPerPage,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
    totalPages,
    from,
    to: Math.min(page * itemsPerPage, totalItems),
  };
}

export function paged<T>(entities: T[], currentPage: number, itemsPerPage: number, totalItems: number): Paged<T> {
  return { entities, pagingInfo: pagingInfo(currentPage, itemsPerPage, totalItems) };
}

/** OFFSET for a page, after clamping to 1. */
export function pageOffset(page: number, itemsPerPage: number): number {
  return (Math.max(1, page) - 1) * itemsPerPage;
}
