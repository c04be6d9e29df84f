import { pageOffset, pagingInfo } from './paging';

describe('pagingInfo', () => {
  it('describes a middle page', () => {
    expect(pagingInfo(2, 20, 45)).toEqual({ currentPage: 2, totalItems: 45, itemsPerPage: 20, prevPage: 1, nextPage: 3, totalPages: 3, from: 21, to: 40 });
  });

  it('describes the last, partial page', () => {
    expect(pagingInfo(3, 20, 45)).toMatchObject({ prevPage: 2, nextPage: null, from: 41, to: 45 });
  });

  it('answers one empty page for no items', () => {
    expect(pagingInfo(1, 20, 0)).toEqual({ currentPage: 1, totalItems: 0, itemsPerPage: 20, prevPage: null, nextPage: null, totalPages: 1, from: 0, to: 0 });
  });

  it('clamps a page past the end to the last page', () => {
    expect(pagingInfo(9, 10, 25)).toMatchObject({ currentPage: 3, from: 21, to: 25 });
    expect(pageOffset(0, 10)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
  });
});
