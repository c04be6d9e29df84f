/** The spec's paging shape, shared with the web client (pure types, no imports). */
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
