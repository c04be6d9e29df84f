import { localPage } from './local-page';

const rows = [
  { id: 3, name: 'b10', on: false, seats: null as number | null },
  { id: 1, name: 'B2', on: true, seats: 4 },
  { id: 2, name: 'a', on: true, seats: 12 },
];
const filter = (over = {}) => ({ page: 1, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {}, ...over });
const ids = (page: { entities: { id: number }[] }) => page.entities.map((r) => r.id);

describe('a list held in the browser, paged as the data table asks', () => {
  it('keeps the rows in their order when no sort is asked', () => {
    expect(ids(localPage(rows, filter()))).toEqual([3, 1, 2]);
  });

  it('sorts text in any case with numbers in order, blanks first, both ways', () => {
    expect(ids(localPage(rows, filter({ sortField: 'name', sortType: 'ASC' })))).toEqual([2, 1, 3]);
    expect(ids(localPage(rows, filter({ sortField: 'seats', sortType: 'ASC' })))).toEqual([3, 1, 2]);
    expect(ids(localPage(rows, filter({ sortField: 'seats', sortType: 'DESC' })))).toEqual([2, 1, 3]);
  });

  it('filters text by a part in any case, flags and numbers by value', () => {
    expect(ids(localPage(rows, filter({ textFilters: { name: ' b ' } })))).toEqual([3, 1]);
    expect(ids(localPage(rows, filter({ textFilters: { on: 'true' } })))).toEqual([1, 2]);
    expect(ids(localPage(rows, filter({ textFilters: { on: '' } })))).toHaveLength(rows.length);
  });

  it("takes a list's own order and pages", () => {
    const page = localPage(rows, filter({ page: 2 }), { perPage: 2, order: (a, b) => a.id - b.id });
    expect(ids(page)).toEqual([3]);
    expect(page.pagingInfo).toMatchObject({ currentPage: 2, totalItems: 3, totalPages: 2 });
  });
});
