import { toTableFilter } from '../../../ui/data-table/table-state';
import { ownSearch, parseTableUrl, tableUrlSearch, urlParamNames } from '../../../ui/data-table/url-state';
import { initialFilters, OPERATOR_LIST_URL, toOperatorBody } from './operator-query';

const types = Object.fromEntries(OPERATOR_LIST_URL.filters.map((f) => [f.field, f.type]));

describe('the operator list in the address bar', () => {
  it('no parameters: the default window of today to 14 days ahead, which is not written back', () => {
    const start = parseTableUrl(OPERATOR_LIST_URL, '');
    expect(start.filters).toEqual(initialFilters());
    expect(start.sort).toEqual({ field: 'date', type: 'ASC' });
    expect(tableUrlSearch(OPERATOR_LIST_URL, toTableFilter({ filters: start.filters, page: 1, sort: start.sort }, types))).toBe('');
  });

  it('another window, the text and select filters, the page and the sort read back to the same request', () => {
    const filters = { id: '123', date: { from: '01.05.2026', to: '31.05.2026' }, guestName: 'anna', status: 'pending', paidTo: 'agency' };
    const filter = toTableFilter({ filters, page: 3, sort: { field: 'guestName', type: 'DESC' } }, types);
    const search = tableUrlSearch(OPERATOR_LIST_URL, filter);
    expect(search).toBe('bookingId=123&date=2026-05-01..2026-05-31&guest=anna&paidTo=agency&status=pending&page=3&sort=-guestName');
    const back = parseTableUrl(OPERATOR_LIST_URL, `?${search}&id=55`);
    expect(back).toMatchObject({ filters, page: 3, sort: { field: 'guestName', type: 'DESC' } });
    expect(toOperatorBody(toTableFilter({ filters: back.filters, page: back.page, sort: back.sort }, types))).toEqual(toOperatorBody(filter));
  });

  it("the open booking's ?id= is not the list's", () => {
    expect(urlParamNames(OPERATOR_LIST_URL)).not.toContain('id');
    expect(ownSearch('?status=pending&id=55', urlParamNames(OPERATOR_LIST_URL))).toBe('status=pending');
  });
});
