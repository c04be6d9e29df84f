import { buildExportColumns, cellText, loadAllRows } from './cell-value';
import type { DataTableColumn, Paged, TableFilter } from './types';

interface Row {
  id: number;
  name: string;
  date: string;
  active: boolean;
  lang: string;
}

const labels = { yes: 'Yes', no: 'No' };
const columns: DataTableColumn<Row>[] = [
  { field: 'id', header: 'Id' },
  { field: 'name', header: 'Name' },
  { field: 'date', header: 'Date', filter: { type: 'date-range' } },
  { field: 'active', header: 'Active', editor: { type: 'checkbox' } },
  { field: 'lang', header: 'Language', filter: { type: 'select', options: [{ value: 'en', label: 'English' }] } },
];
const rows: Row[] = [
  { id: 1, name: 'Desert Safari', date: '2025-03-07', active: true, lang: 'en' },
  { id: 2, name: '=cmd', date: '', active: false, lang: 'xx' },
];

describe('cell values and export columns', () => {
  it('formats cells by column kind', () => {
    expect(cellText(columns[2]!, rows[0]!, labels)).toBe('07.03.2025');
    expect(cellText(columns[3]!, rows[0]!, labels)).toBe('Yes');
    expect(cellText(columns[4]!, rows[0]!, labels)).toBe('English');
    expect(cellText(columns[4]!, rows[1]!, labels)).toBe('xx');
  });

  it('never shows true/false: a boolean without an option of its own is Yes/No (Да/Нет in Russian)', () => {
    const col: DataTableColumn<Row> = { field: 'active', header: 'Active', filter: { type: 'select', options: [{ value: 'other', label: 'Other' }] } };
    expect(cellText(col, { ...rows[0]!, active: true }, { yes: 'Да', no: 'Нет' })).toBe('Да');
    expect(cellText(col, { ...rows[0]!, active: false }, labels)).toBe('No');
  });

  it('builds Title/Data columns, numbers kept as numbers', () => {
    expect(buildExportColumns(columns, rows, labels)).toEqual([
      { Title: 'Id', Data: [1, 2] },
      { Title: 'Name', Data: ['Desert Safari', '=cmd'] },
      { Title: 'Date', Data: ['07.03.2025', null] },
      { Title: 'Active', Data: ['Yes', 'No'] },
      { Title: 'Language', Data: ['English', 'xx'] },
    ]);
    expect(buildExportColumns([{ ...columns[0]!, exportValue: false }, columns[1]!], rows, labels).map((c) => c.Title)).toEqual(['Name']);
  });

  it('pages through the data source for all filtered rows', async () => {
    const calls: number[] = [];
    const source = async (f: TableFilter): Promise<Paged<number>> => {
      calls.push(f.page);
      const all = Array.from({ length: 45 }, (_, i) => i + 1);
      const entities = all.slice((f.page - 1) * 20, f.page * 20);
      return { entities, pagingInfo: { currentPage: f.page, totalItems: 45, itemsPerPage: 20, prevPage: null, nextPage: null, totalPages: 3, from: 0, to: 0 } };
    };
    const filter: TableFilter = { page: 3, textFilters: { a: 'b' }, multiSelectFilters: {}, multiSelectNumberFilters: {}, dateRangeFilters: {} };
    const all = await loadAllRows(source, filter);
    expect(all).toHaveLength(45);
    expect(all[44]).toBe(45);
    expect(calls).toEqual([1, 2, 3]);
  });
});
