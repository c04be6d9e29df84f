import { applyTableFilter, generateSampleTours, pageOf } from './sample-data';
import type { TableFilter } from '../../ui/data-table/types';

const empty: TableFilter = { page: 1, textFilters: {}, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {} };

describe('demo sample data', () => {
  it('is the same 237 rows every time', () => {
    const a = generateSampleTours();
    expect(a).toHaveLength(237);
    expect(generateSampleTours()).toEqual(a);
    expect(new Set(a.map((r) => r.id)).size).toBe(237);
  });

  it('filters, sorts and pages like the server', () => {
    const rows = generateSampleTours();
    const dubai = applyTableFilter(rows, { ...empty, multiSelectFilters: { city: ['Dubai'] }, sortField: 'price', sortType: 'DESC' });
    expect(dubai.length).toBeGreaterThan(0);
    expect(dubai.every((r) => r.city === 'Dubai')).toBe(true);
    expect(dubai.map((r) => r.price)).toEqual([...dubai.map((r) => r.price)].sort((x, y) => y - x));
    const ranged = applyTableFilter(rows, { ...empty, dateRangeFilters: { tourDate: { startDate: '2025-03-01', endDate: '2025-03-31' } } });
    expect(ranged.every((r) => r.tourDate >= '2025-03-01' && r.tourDate <= '2025-03-31')).toBe(true);
    const p = pageOf(rows, 12);
    expect(p.pagingInfo).toMatchObject({ currentPage: 12, totalPages: 12, from: 221, to: 237, nextPage: null });
    expect(p.entities).toHaveLength(17);
    expect(pageOf(rows, 99).pagingInfo.currentPage).toBe(12);
  });
});
