import { gapTarget, pageItems, type PageItem } from './paging';

/** Pager slots as text: page numbers, '…' for a gap. */
const show = (items: PageItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pageItems (ellipsis rule)', () => {
  it('shows every page when there are 10 or fewer', () => {
    expect(show(pageItems(1, 1))).toBe('1');
    expect(show(pageItems(4, 10))).toBe('1 2 3 4 5 6 7 8 9 10');
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('groups hidden pages behind ellipses from 11 pages on', () => {
    expect(show(pageItems(1, 11))).toBe('1 2 3 4 5 6 7 … 11');
    expect(show(pageItems(5, 12))).toBe('1 2 3 4 5 6 7 … 12');
    expect(show(pageItems(6, 12))).toBe('1 … 4 5 6 7 8 … 12');
    expect(show(pageItems(8, 12))).toBe('1 … 6 7 8 9 10 11 12');
    expect(show(pageItems(12, 12))).toBe('1 … 6 7 8 9 10 11 12');
    expect(show(pageItems(50, 100))).toBe('1 … 48 49 50 51 52 … 100');
  });

  it('always has 9 slots past 10 pages, and every gap hides at least two pages', () => {
    for (let total = 11; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        expect(items).toHaveLength(9);
        expect(items.some((i) => i.kind === 'page' && i.page === current)).toBe(true);
        for (const i of items) if (i.kind === 'gap') expect(i.to - i.from).toBeGreaterThanOrEqual(1);
        const shown = items.flatMap((i) => (i.kind === 'page' ? [i.page] : [i.from, i.to]));
        expect(shown[0]).toBe(1);
        expect(shown[shown.length - 1]).toBe(total);
      }
    }
  });

  it('clamps the current page and jumps into the middle of a gap', () => {
    expect(show(pageItems(99, 12))).toBe('1 … 6 7 8 9 10 11 12');
    expect(show(pageItems(0, 12))).toBe('1 2 3 4 5 6 7 … 12');
    expect(gapTarget({ from: 8, to: 11 })).toBe(9);
  });
});
