import { pageOffset, pagingInfo, readPage, type PageRange } from './paging';

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

describe('readPage', () => {
  /** A query over `total` numbered rows, as the list queries answer: the page's rows and the whole count. */
  const listOf = (total: number) => {
    const ranges: PageRange[] = [];
    const read = async (range: PageRange) => {
      ranges.push(range);
      const rows = Array.from({ length: Math.max(0, Math.min(range.limit, total - range.offset)) }, (_, i) => range.offset + i + 1);
      return { rows, total };
    };
    return { ranges, read };
  };

  it('reads a page within the list once', async () => {
    const list = listOf(74);
    await expect(readPage(2, 20, list.read)).resolves.toEqual({ rows: Array.from({ length: 20 }, (_, i) => 21 + i), total: 74, page: 2 });
    expect(list.ranges).toEqual([{ offset: 20, limit: 20 }]);
  });

  it('reads a page past the end (the list shrank meanwhile) again as the last page, whose rows its paging describes', async () => {
    const list = listOf(74);
    const read = await readPage(5, 20, list.read);
    expect(read).toEqual({ rows: Array.from({ length: 14 }, (_, i) => 61 + i), total: 74, page: 4 });
    expect(list.ranges).toEqual([
      { offset: 80, limit: 20 },
      { offset: 60, limit: 20 },
    ]);
    expect(pagingInfo(read.page, 20, read.total)).toMatchObject({ currentPage: 4, from: 61, to: 74 });
  });

  it('answers page 1 of an empty list without reading it again, and treats a page below 1 as page 1', async () => {
    const empty = listOf(0);
    await expect(readPage(3, 20, empty.read)).resolves.toEqual({ rows: [], total: 0, page: 1 });
    expect(empty.ranges).toHaveLength(1);
    const list = listOf(5);
    await expect(readPage(0, 20, list.read)).resolves.toEqual({ rows: [1, 2, 3, 4, 5], total: 5, page: 1 });
    expect(list.ranges).toEqual([{ offset: 0, limit: 20 }]);
  });
});
