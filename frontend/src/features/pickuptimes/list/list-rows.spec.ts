import { expectSameKeysNoneEmpty } from '../../../test-support/locale-files.testing';
import { listPage } from './list-rows';

const rows = [
  { id: 3, name: 'evening', isFixedTime: false },
  { id: 1, name: 'Airport', isFixedTime: true },
  { id: 2, name: 'Morning', isFixedTime: true },
];
const filter = (over = {}) => ({ page: 1, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {}, sortField: 'name', sortType: 'ASC' as const, ...over });

describe('pick-up times list', () => {
  it('sorts by name ascending, any case (spec 02 §9), and descending on request', () => {
    expect(listPage(rows, filter()).entities.map((r) => r.name)).toEqual(['Airport', 'evening', 'Morning']);
    expect(listPage(rows, filter({ sortType: 'DESC' })).entities.map((r) => r.name)).toEqual(['Morning', 'evening', 'Airport']);
  });

  it('filters by a part of the name and by the fixed-time flag', () => {
    expect(listPage(rows, filter({ textFilters: { name: 'ORN' } })).entities.map((r) => r.id)).toEqual([2]);
    expect(listPage(rows, filter({ textFilters: { isFixedTime: 'true' } })).entities.map((r) => r.id)).toEqual([1, 2]);
  });

  it('pages', () => {
    const page = listPage(rows, filter({ page: 2 }), 2);
    expect(page.entities.map((r) => r.id)).toEqual([2]);
    expect(page.pagingInfo).toMatchObject({ currentPage: 2, totalItems: 3, totalPages: 2 });
  });
});

describe('pick-up times texts', () => {
  it('has every English text in Russian too, none empty', () => {
    expectSameKeysNoneEmpty('pickuptimes', { byPluralBase: true });
  });
});
