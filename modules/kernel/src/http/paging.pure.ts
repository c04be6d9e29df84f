/** The spec's paging shape and its math, shared with the web client (pure: no imports). */
export interface PagingInfo {
  currentPage: number;
  totalItems: number;
  itemsPerPage: number;
  prevPage: number | null;
  nextPage: number | null;
  totalPages: number;
  /** 1-based index of the first item on the page (0 when there is none). */
  from: number;
  to: number;
}

export interface Paged<T> {
  entities: T[];
  pagingInfo: PagingInfo;
}

/** The paging of one page: the page is clamped to 1..totalPages (an empty list still has page 1). */
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
