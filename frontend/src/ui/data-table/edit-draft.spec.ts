import { draftFromRow, rowFromDraft, type EditableColumn } from './edit-draft';

const columns: EditableColumn[] = [
  { field: 'name', editor: { type: 'text', required: true } },
  { field: 'price', editor: { type: 'number' } },
  { field: 'date', editor: { type: 'date', required: true } },
  { field: 'start', editor: { type: 'time' } },
  { field: 'active', editor: { type: 'checkbox' } },
  { field: 'lang', editor: { type: 'select', options: [{ value: 'en', label: 'English' }] } },
];
const row = { id: 7, name: 'Desert Safari', price: 120.5, date: '2025-03-07', start: '15:30', active: true, lang: 'en' };

describe('inline edit draft', () => {
  it('starts from the row, dates shown as DD.MM.YYYY', () => {
    expect(draftFromRow(row, columns)).toEqual({ name: 'Desert Safari', price: 120.5, date: '07.03.2025', start: '15:30', active: true, lang: 'en' });
  });

  it('gives the row back with ISO dates and trimmed text', () => {
    const draft = { ...draftFromRow(row, columns), name: '  Dhow Cruise ', date: '08.03.2025', price: 99, active: false };
    expect(rowFromDraft(row, draft, columns)).toEqual({
      row: { ...row, name: 'Dhow Cruise', date: '2025-03-08', price: 99, active: false },
      errors: {},
    });
  });

  it('stops on a missing required value, a bad date or time, a number out of 0-9999', () => {
    const draft = { ...draftFromRow(row, columns), name: ' ', date: '31.02.2025', start: '15:', price: 10000 };
    expect(rowFromDraft(row, draft, columns).errors).toEqual({ name: 'required', date: 'badDate', start: 'badTime', price: 'outOfRange' });
    expect(rowFromDraft(row, { ...draft, name: 'x', date: '', start: '', price: null }, columns).errors).toEqual({ date: 'required' });
    expect(rowFromDraft(row, { ...draft, name: 'x', date: '01.01.2025', start: '', price: null }, columns).row).toMatchObject({ price: null, start: '' });
  });
});
