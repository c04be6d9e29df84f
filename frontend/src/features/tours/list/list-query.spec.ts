import type { TableFilter } from '../../../ui/data-table/types';
import { defaultListQuery, fromTableFilter, LIST_PARAMS, parseListSearch, toInitialFilters, toListSearch } from './list-query';
import { ownSearch } from '../../../ui/data-table/url-state';

const tableFilter = (over: Partial<TableFilter> = {}): TableFilter => ({ page: 1, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {}, ...over });

describe('tours list query (address bar ↔ table ↔ API)', () => {
  it('the defaults are an empty query string, internal name ascending', () => {
    expect(toListSearch(defaultListQuery())).toBe('');
    expect(parseListSearch('')).toEqual(defaultListQuery());
    expect(defaultListQuery()).toMatchObject({ sortField: 'nameInternal', sortType: 'ASC', page: 1, showDeleted: false, top: null });
  });

  it('writes and reads back every filter, the page and the sort', () => {
    const q = { ...defaultListQuery(), tourIds: [3, 5], languageIds: [2], offerIds: [9], top: false, showDeleted: true, page: 2, sortField: 'id' as const, sortType: 'DESC' as const };
    const search = toListSearch(q);
    expect(search).toBe('?tourIds=3,5&languageIds=2&offerIds=9&top=false&showDeleted=true&page=2&sortField=id&sortType=DESC');
    expect(parseListSearch(search)).toEqual(q);
  });

  it('ignores what it cannot read', () => {
    expect(parseListSearch('?tourIds=a,-1,2,2&top=maybe&page=0&sortField=drop&sortType=sideways&showDeleted=1')).toEqual({ ...defaultListQuery(), tourIds: [2] });
    expect(parseListSearch('?sortField=languageName&sortType=desc')).toMatchObject({ sortField: 'languageName', sortType: 'DESC' });
  });

  it('reads the table filter; no sort is the default sort', () => {
    const f = tableFilter({ page: 3, multiSelectNumberFilters: { tourIds: [1], languageIds: [4, 6], offerIds: [7] }, textFilters: { top: 'true' }, sortField: 'languageName', sortType: 'DESC' });
    expect(fromTableFilter(f, true)).toEqual({ tourIds: [1], languageIds: [4, 6], offerIds: [7], top: true, showDeleted: true, page: 3, sortField: 'languageName', sortType: 'DESC' });
    expect(fromTableFilter(tableFilter(), false)).toEqual(defaultListQuery());
  });

  it('gives the table its starting filters, which it hands back unchanged', () => {
    const q = { ...defaultListQuery(), tourIds: [1, 2], top: true };
    const initial = toInitialFilters(q);
    expect(initial).toEqual({ tourIds: [1, 2], top: 'true' });
    expect(fromTableFilter(tableFilter({ multiSelectNumberFilters: { tourIds: [1, 2] }, textFilters: { top: 'true' }, sortField: 'nameInternal', sortType: 'ASC' }), false)).toEqual(q);
  });

  it('owns every parameter it writes', () => {
    const search = toListSearch({ ...defaultListQuery(), tourIds: [3], languageIds: [2], offerIds: [9], top: true, showDeleted: true, page: 2, sortField: 'id', sortType: 'DESC' });
    expect(`?${ownSearch(`${search}&other=1`, LIST_PARAMS)}`).toBe(search);
  });
});
