import { editedFields, rowEditPayload, withHeaderTooltips, type RowEdit } from './arrivals-table.logic';

const group = {
  status: 4,
  notes: 'B2: call at 7pm',
  phoneNumbers: ['+971500000002'],
  hotels: [{ hotelId: 5, roomNumber: '101' }, { hotelId: 6, roomNumber: '7' }],
  meetings: [{ date: '2025-03-01', staffId: 9, staffName: 'S', timeStart: 600, timeEnd: 660, isNoTime: false, dateTimeDisplay: 'x' }],
};
const loaded = { phoneText: '+971501111111', roomNumber: '101', notes: 'B: cancelled' };
const edit = (over: Partial<RowEdit>): RowEdit => ({ groupId: 900, hotelId: 5, groupVersion: 1, ...loaded, loaded, ...over });

describe('a row edit saves only what was edited, on the version the row was loaded at', () => {
  it('finds the edited fields, blanks and separators aside', () => {
    expect(editedFields(edit({}))).toEqual({});
    expect(editedFields(edit({ phoneText: ' +971501111111 ; ', roomNumber: '101 ', notes: ' B: cancelled' }))).toEqual({});
    expect(editedFields(edit({ roomNumber: '102' }))).toEqual({ roomNumber: '102' });
    expect(editedFields(edit({ phoneText: '+971501111111, +971502222222', notes: '' }))).toEqual({ phones: ['+971501111111', '+971502222222'], notes: '' });
  });

  it("a room edit keeps the group's notes and phones as read (not the row's old ones), with the row's version", () => {
    expect(rowEditPayload(group, edit({ roomNumber: '102' }))).toEqual({
      groupId: 900,
      status: 4,
      hotels: [{ hotelId: 5, roomNumber: '102' }, { hotelId: 6, roomNumber: '7' }],
      notes: 'B2: call at 7pm',
      phoneNumbers: ['+971500000002'],
      meetings: [{ date: '2025-03-01', staffId: 9, timeStart: 600, timeEnd: 660, isNoTime: false }],
      version: 1,
    });
  });

  it("the row's phone shown from the tourist is not saved as the group's unless edited; a room for a new hotel is added", () => {
    const p = rowEditPayload({ ...group, phoneNumbers: [], hotels: [] }, edit({ hotelId: null, roomNumber: '3', groupVersion: null }));
    expect(p).toMatchObject({ phoneNumbers: [], hotels: [{ hotelId: 0, roomNumber: '3' }], notes: 'B2: call at 7pm', version: null });
    expect(rowEditPayload(group, edit({ notes: 'New', phoneText: '+971509999999' }))).toMatchObject({ notes: 'New', phoneNumbers: ['+971509999999'], hotels: group.hotels });
  });

  it('a room cleared drops the hotel', () => {
    expect(rowEditPayload(group, edit({ roomNumber: ' ' })).hotels).toEqual([{ hotelId: 6, roomNumber: '7' }]);
  });
});

describe('the arrivals headers', () => {
  it('are their own tooltips, unless a column sets one', () => {
    expect(withHeaderTooltips([{ header: 'Возраст' }, { header: 'Время прилёта', headerTooltip: 'HH:MM' }])).toEqual([
      { header: 'Возраст', headerTooltip: 'Возраст' },
      { header: 'Время прилёта', headerTooltip: 'HH:MM' },
    ]);
  });
});
