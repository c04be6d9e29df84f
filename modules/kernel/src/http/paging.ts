import { pagingInfo, type Paged } from './paging.pure';

export { pagingInfo, type Paged, type PagingInfo } from './paging.pure';

export const DEFAULT_PAGE_SIZE = 20;

export function paged<T>(entities: T[], currentPage: number, itemsPerPage: number, totalItems: number): Paged<T> {
  return { entities, pagingInfo: pagingInfo(currentPage, itemsPerPage, totalItems) };
}

/** OFFSET for a page, after clamping to 1. */
export function pageOffset(page: number, itemsPerPage: number): number {
  return (Math.max(1, page) - 1) * itemsPerPage;
}

/** The rows a page query asks for. */
export interface PageRange {
  offset: number;
  limit: number;
}

/**
 * One page read by a query that counts the whole set alongside the page's rows, with the page it turned out to be.
 * A page past the end (a re-import or a filter shrank the list while the user was on a later page) is read again as
 * the last page: pagingInfo clamps the page it describes, so the rows must be that page's too. The count comes with
 * the rows (one round trip, in parallel), so it is known only afterwards: the second read is the rare case's price.
 */
export async function readPage<R extends { total: number }>(page: number, itemsPerPage: number, read: (range: PageRange) => Promise<R>): Promise<R & { page: number }> {
  const first = await read({ offset: pageOffset(page, itemsPerPage), limit: itemsPerPage });
  const last = pagingInfo(page, itemsPerPage, first.total).currentPage;
  if (last >= Math.max(1, page)) return { ...first, page: Math.max(1, page) };
  // No rows at all: page 1 of an empty list, nothing to read again.
  if (first.total === 0) return { ...first, page: last };
  return { ...(await read({ offset: pageOffset(last, itemsPerPage), limit: itemsPerPage })), page: last };
}
