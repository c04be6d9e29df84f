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
