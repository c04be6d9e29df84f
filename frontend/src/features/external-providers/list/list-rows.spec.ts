import type { TableFilter } from '../../../ui/data-table/types';
import { listPage } from './list-rows';

const filter = (over: Partial<TableFilter> = {}): TableFilter => ({ page: 1, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {}, ...over });
const rows = [
  { id: 1, name: 'zeta Tickets', baseUrl: 'https://a.example.com/octo', hasApiKey: true, version: 0 },
  { id: 2, name: 'Alpha', baseUrl: 'https://c.example.com', hasApiKey: false, version: 3 },
  { id: 3, name: 'beta', baseUrl: 'http://b.example.com/OCTO', hasApiKey: true, version: 1 },
];
const names = (f: TableFilter) => listPage(rows, f).entities.map((r) => r.name);

describe('external providers list page', () => {
  it('sorts by name (any case) at first, and by the column asked for', () => {
    expect(names(filter())).toEqual(['Alpha', 'beta', 'zeta Tickets']);
    expect(names(filter({ sortField: 'name', sortType: 'DESC' }))).toEqual(['zeta Tickets', 'beta', 'Alpha']);
    expect(names(filter({ sortField: 'baseUrl', sortType: 'ASC' }))).toEqual(['beta', 'zeta Tickets', 'Alpha']);
    expect(names(filter({ sortField: 'hasApiKey', sortType: 'DESC' }))).toEqual(['beta', 'zeta Tickets', 'Alpha']);
  });

  it('filters by name, base URL and whether a key is stored', () => {
    expect(names(filter({ textFilters: { name: ' TICK ' } }))).toEqual(['zeta Tickets']);
    expect(names(filter({ textFilters: { baseUrl: 'octo' } }))).toEqual(['beta', 'zeta Tickets']);
    expect(names(filter({ textFilters: { hasApiKey: 'false' } }))).toEqual(['Alpha']);
    expect(names(filter({ textFilters: { hasApiKey: '' } }))).toHaveLength(3);
  });

  it('pages, and gives each row the keys of its edit and delete columns', () => {
    const page = listPage(rows, filter({ page: 2 }), 2);
    expect(page.entities).toEqual([{ ...rows[0], edit: 1, remove: 1 }]);
    expect(page.pagingInfo).toMatchObject({ currentPage: 2 });
  });
});
