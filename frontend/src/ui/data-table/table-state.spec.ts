import { activeFilterCount, initialTableState, nextSort, tableReducer, toggleAll, toTableFilter, toggleOne } from './table-state';
import type { FilterType } from './types';

const types: Record<string, FilterType> = {
  name: 'text',
  id: 'text-number',
  language: 'select',
  city: 'multi-select',
  category: 'multi-select-number',
  date: 'date-range',
  valid: 'optional-date-range',
  created: 'date',
  launched: 'year',
  price: 'none',
};

describe('table state', () => {
  it('a filter change resets the page to 1', () => {
    const on3 = tableReducer(initialTableState(), { type: 'page', page: 3 });
    expect(on3.page).toBe(3);
    const filtered = tableReducer(on3, { type: 'filter', field: 'name', value: 'safari' });
    expect(filtered).toMatchObject({ page: 1, filters: { name: 'safari' } });
  });

  it('setting a filter to the value it has changes nothing, so the page stays', () => {
    const s = tableReducer(tableReducer(initialTableState(), { type: 'filter', field: 'name', value: 'a' }), { type: 'page', page: 4 });
    expect(tableReducer(s, { type: 'filter', field: 'name', value: 'a' })).toBe(s);
  });

  it('clearing the filters and sorting also go back to page 1; removing a filter drops its key', () => {
    let s = tableReducer(initialTableState(), { type: 'filter', field: 'city', value: ['Dubai'] });
    s = tableReducer(s, { type: 'page', page: 5 });
    expect(tableReducer(s, { type: 'clearFilters' })).toMatchObject({ page: 1, filters: {} });
    expect(tableReducer(s, { type: 'sort', field: 'name' })).toMatchObject({ page: 1, sort: { field: 'name', type: 'ASC' } });
    expect(tableReducer(s, { type: 'filter', field: 'city', value: undefined }).filters).toEqual({});
  });

  it('pages stay whole and positive', () => {
    expect(tableReducer(initialTableState(), { type: 'page', page: 0 }).page).toBe(1);
    expect(tableReducer(initialTableState(), { type: 'page', page: 2.7 }).page).toBe(2);
  });

  it('a header click sorts ASC, then DESC, then not at all', () => {
    expect(nextSort(null, 'name')).toEqual({ field: 'name', type: 'ASC' });
    expect(nextSort({ field: 'name', type: 'ASC' }, 'name')).toEqual({ field: 'name', type: 'DESC' });
    expect(nextSort({ field: 'name', type: 'DESC' }, 'name')).toBeNull();
    expect(nextSort({ field: 'name', type: 'DESC' }, 'city')).toEqual({ field: 'city', type: 'ASC' });
    expect(tableReducer(initialTableState(), { type: 'sort', field: 'x', sortType: 'DESC' }).sort).toEqual({ field: 'x', type: 'DESC' });
  });

  it('builds the generic table filter, leaving out empty and invalid filters', () => {
    const filter = toTableFilter(
      {
        page: 2,
        sort: { field: 'price', type: 'DESC' },
        filters: {
          name: '  safari ',
          id: '12a',
          language: 'en',
          city: ['Dubai', 'Abu Dhabi'],
          category: [3, 5],
          date: { from: '01.03.2025', to: '31.03.2025' },
          valid: { from: '', to: '15.04.2025' },
          created: '07.03.2025',
          launched: '2024',
          price: 'ignored',
        },
      },
      types,
    );
    expect(filter).toEqual({
      page: 2,
      textFilters: { name: 'safari', language: 'en' },
      multiSelectFilters: { city: ['Dubai', 'Abu Dhabi'] },
      multiSelectNumberFilters: { category: [3, 5] },
      dateRangeFilters: {
        date: { startDate: '2025-03-01', endDate: '2025-03-31' },
        valid: { startDate: '', endDate: '2025-04-15' },
        created: { startDate: '2025-03-07', endDate: '2025-03-07' },
        launched: { startDate: '2024-01-01', endDate: '2024-12-31' },
      },
      sortField: 'price',
      sortType: 'DESC',
    });
    expect(activeFilterCount(filter)).toBe(8);
  });

  it('removes empty text and multi-select filters; a date range needs both dates valid', () => {
    const filter = toTableFilter(
      { page: 1, sort: null, filters: { name: '   ', city: [], category: [], date: { from: '01.03.2025', to: '31.02.2025' }, valid: { from: '', to: '' }, created: '07.03.20', launched: '' } },
      types,
    );
    expect(filter).toEqual({ page: 1, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {} });
    expect(toTableFilter({ page: 1, sort: null, filters: { id: '42' } }, types).textFilters).toEqual({ id: '42' });
    expect(toTableFilter({ page: 1, sort: null, filters: { date: { from: '01.03.2025', to: '' } } }, types).dateRangeFilters).toEqual({});
    // A range that ends before it starts asks for nothing (the filter says why); one day is a range.
    expect(toTableFilter({ page: 1, sort: null, filters: { date: { from: '10.12.2026', to: '05.12.2026' }, valid: { from: '10.12.2026', to: '05.12.2026' } } }, types).dateRangeFilters).toEqual({});
    expect(toTableFilter({ page: 1, sort: null, filters: { date: { from: '05.12.2026', to: '05.12.2026' } } }, types).dateRangeFilters).toEqual({ date: { startDate: '2026-12-05', endDate: '2026-12-05' } });
  });

  it('select-all toggles between none and all', () => {
    const all = [1, 2, 3];
    expect([...toggleAll(new Set<number>(), all)]).toEqual([1, 2, 3]);
    expect([...toggleAll(new Set([2]), all)]).toEqual([1, 2, 3]);
    expect([...toggleAll(new Set([1, 2, 3]), all)]).toEqual([]);
    expect([...toggleOne(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 2)]).toEqual([1]);
  });
});
