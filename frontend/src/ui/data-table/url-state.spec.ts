import { toTableFilter } from './table-state';
import type { FilterType, FilterValue, TableFilter } from './types';
import { ownSearch, parseTableUrl, tableUrlSearch, urlParamNames, withOwnSearch, type TableUrlSpec, type TableUrlState } from './url-state';

const spec: TableUrlSpec = {
  filters: [
    { field: 'f', param: 'q', type: 'text' },
    { field: 'id', param: 'num', type: 'text-number' },
    { field: 'status', param: 'status', type: 'select' },
    { field: 'cities', param: 'cities', type: 'multi-select' },
    { field: 'hotelIds', param: 'hotels', type: 'multi-select-number' },
    { field: 'date', param: 'date', type: 'date-range' },
    { field: 'valid', param: 'valid', type: 'optional-date-range' },
    { field: 'created', param: 'created', type: 'date' },
    { field: 'launched', param: 'year', type: 'year' },
  ],
  toggles: ['mine'],
  sortFields: ['date', 'guestName'],
  defaultSort: { field: 'date', type: 'DESC' },
};

const types: Record<string, FilterType> = Object.fromEntries(spec.filters.map((f) => [f.field, f.type]));
/** The filter the table gives its data source for these control values, page and sort. */
const applied = (filters: Record<string, FilterValue>, page = 1, sort: TableUrlState['sort'] = null): TableFilter => toTableFilter({ filters, page, sort }, types);

describe('a table in the address bar', () => {
  it('the defaults are no parameters at all, and no parameters are the defaults', () => {
    expect(tableUrlSearch(spec, applied({}))).toBe('');
    expect(tableUrlSearch(spec, applied({}, 1, { field: 'date', type: 'DESC' }), { mine: false })).toBe('');
    expect(parseTableUrl(spec, '')).toEqual({ filters: {}, sort: { field: 'date', type: 'DESC' }, page: 1, toggles: { mine: false } });
  });

  it('writes every filter type, the switches, the page and the sort under short names, and reads them back', () => {
    const filters: Record<string, FilterValue> = {
      f: 'smith',
      id: '42',
      status: 'pending',
      cities: ['Dubai', 'Abu Dhabi'],
      hotelIds: [3, 7],
      date: { from: '01.05.2026', to: '31.05.2026' },
      valid: { from: '', to: '15.06.2026' },
      created: '02.03.2026',
      launched: '2025',
    };
    const search = tableUrlSearch(spec, applied(filters, 2, { field: 'guestName', type: 'ASC' }), { mine: true });
    expect(search).toBe('q=smith&num=42&status=pending&cities=Dubai,Abu+Dhabi&hotels=3,7&date=2026-05-01..2026-05-31&valid=..2026-06-15&created=2026-03-02&year=2025&mine=true&page=2&sort=guestName');
    expect(parseTableUrl(spec, `?${search}`)).toEqual({ filters, sort: { field: 'guestName', type: 'ASC' }, page: 2, toggles: { mine: true } });
  });

  it('a descending sort is a minus; no sort and the default sort are both left out', () => {
    expect(tableUrlSearch(spec, applied({}, 1, { field: 'date', type: 'ASC' }))).toBe('sort=date');
    expect(parseTableUrl(spec, '?sort=-guestName').sort).toEqual({ field: 'guestName', type: 'DESC' });
    expect(parseTableUrl(spec, '?sort=date').sort).toEqual({ field: 'date', type: 'ASC' });
  });

  it('only what the table applies goes in: blank text, a half-typed range, a non-number id stay out', () => {
    expect(tableUrlSearch(spec, applied({ f: '  ', id: 'abc', date: { from: '01.05.2026', to: '' }, hotelIds: [] }))).toBe('');
    expect(tableUrlSearch(spec, applied({ f: '  smith ' }))).toBe('q=smith');
  });

  it('ignores what it cannot read: the default takes its place', () => {
    const state = parseTableUrl(spec, '?q=%20&num=12a&hotels=x,,3,3&date=2026-05-01..&valid=nope&created=31.12.2026&year=99&page=0&sort=-password&mine=yes');
    expect(state).toEqual({ filters: { hotelIds: [3] }, sort: { field: 'date', type: 'DESC' }, page: 1, toggles: { mine: false } });
    expect(parseTableUrl(spec, '?page=3.5').page).toBe(1);
    expect(parseTableUrl(spec, '?valid=2026-05-01..').filters).toEqual({ valid: { from: '01.05.2026', to: '' } });
  });

  it('a filter with a default (a date window) is left out at its default and given it when the address has none', () => {
    const windowed: TableUrlSpec = { ...spec, defaults: () => ({ date: { from: '10.05.2026', to: '24.05.2026' } }) };
    expect(parseTableUrl(windowed, '').filters).toEqual({ date: { from: '10.05.2026', to: '24.05.2026' } });
    expect(tableUrlSearch(windowed, applied({ date: { from: '10.05.2026', to: '24.05.2026' } }))).toBe('');
    expect(tableUrlSearch(windowed, applied({ date: { from: '10.05.2026', to: '25.05.2026' } }))).toBe('date=2026-05-10..2026-05-25');
    expect(parseTableUrl(windowed, '?date=2026-05-10..2026-05-25&page=2')).toMatchObject({ filters: { date: { from: '10.05.2026', to: '25.05.2026' } }, page: 2 });
  });

  it("keeps the page's other parameters (an open panel's ?id=) apart from the list's", () => {
    const names = urlParamNames(spec);
    expect(names).toEqual(['q', 'num', 'status', 'cities', 'hotels', 'date', 'valid', 'created', 'year', 'mine', 'page', 'sort']);
    expect(ownSearch('?id=5&status=pending&page=2', names)).toBe('status=pending&page=2');
    expect(withOwnSearch('?status=pending&id=5', names, 'status=cancelled&page=3')).toBe('?id=5&status=cancelled&page=3');
    expect(withOwnSearch('?page=2', names, '')).toBe('');
    expect(withOwnSearch('?id=5&page=2', names, '')).toBe('?id=5');
  });
});
