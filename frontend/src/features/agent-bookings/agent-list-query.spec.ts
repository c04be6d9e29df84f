import { toTableFilter } from '../../ui/data-table/table-state';
import { parseTableUrl, tableUrlSearch } from '../../ui/data-table/url-state';
import { AGENT_LIST_URL, emptyListKey, fromTableFilter } from './agent-list-query';

const types = Object.fromEntries(AGENT_LIST_URL.filters.map((f) => [f.field, f.type]));

describe('the agent lists in the address bar', () => {
  it('a filtered, sorted second page of my own bookings reads back to the same query', () => {
    const filters = { date: { from: '01.05.2026', to: '' }, f: 'Smith', agentIds: [-2, 4], hotelIds: [3, 7], offerIds: [9] };
    const filter = toTableFilter({ filters, page: 2, sort: { field: 'guestName', type: 'ASC' } }, types);
    const search = tableUrlSearch(AGENT_LIST_URL, filter, { mine: true });
    expect(search).toBe('date=2026-05-01..&q=Smith&agents=-2,4&hotels=3,7&offers=9&mine=true&page=2&sort=guestName');

    const back = parseTableUrl(AGENT_LIST_URL, `?${search}`);
    expect(back).toEqual({ filters, sort: { field: 'guestName', type: 'ASC' }, page: 2, toggles: { mine: true } });
    const again = toTableFilter({ filters: back.filters, page: back.page, sort: back.sort }, types);
    expect(fromTableFilter(again, back.toggles.mine!, null)).toEqual(fromTableFilter(filter, true, null));
  });

  it('starts newest first with nothing in the address; a sort the API does not take is the default', () => {
    expect(parseTableUrl(AGENT_LIST_URL, '')).toEqual({ filters: {}, sort: { field: 'date', type: 'DESC' }, page: 1, toggles: { mine: false } });
    expect(parseTableUrl(AGENT_LIST_URL, '?sort=agentName').sort).toEqual({ field: 'date', type: 'DESC' });
    expect(tableUrlSearch(AGENT_LIST_URL, toTableFilter({ filters: {}, page: 1, sort: { field: 'date', type: 'DESC' } }, types), { mine: false })).toBe('');
  });
});

describe('an empty agent list with no filter set', () => {
  it("says there are no bookings yet, none of the user's own, or none for the group; never that filters match none", () => {
    expect(emptyListKey(null, false)).toBe('empty');
    expect(emptyListKey(null, true)).toBe('emptyMine');
    expect(emptyListKey(50001, false)).toBe('emptyGroup');
    expect(emptyListKey(50001, true)).toBe('emptyMine');
  });
});
