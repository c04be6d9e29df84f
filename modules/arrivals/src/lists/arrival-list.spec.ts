import type { ArrivalFieldsData } from '@tbo/event-schemas';
import { blankArrivalFields, emptyArrivalListState, planImport, type ArrivalListState } from './arrival-list';

const imported: ArrivalFieldsData = {
  ...blankArrivalFields('P1', 'Anna Imported'),
  groupId: 5, hotelId: 13, hotelName: 'Armani', agencyId: 21, tdAgencyName: 'Sunny Tours', arrivalDate: '2026-12-03', arrivalTime: '14:30', birthDate: '1990-04-02',
  touristEmail: 'anna@example.test', roomType: 'DBL', mealType: 'BB', arrivalFlight: 'EK132', hotelConfirmationNumber: 'HC-1', notes: 'From the file',
};
const state = (fields: ArrivalFieldsData, isDeleted = false): ArrivalListState => ({
  ...emptyArrivalListState(7),
  supplierId: 6,
  exists: true,
  name: 'December',
  byPax: new Map([[fields.paxId, { ...fields, id: 501, isManuallyEntered: false, isDeleted }]]),
});

describe('planImport of a manual entry (given fields)', () => {
  it("changes a known arrival in the form's fields only, keeping the others", () => {
    const form = { ...blankArrivalFields('P1', 'Anna Changed'), hotelId: null, hotelName: '', arrivalTime: '15:00' };
    const plan = planImport(state(imported), [{ row: 0, fields: form, given: ['paxId', 'touristName', 'hotelId', 'hotelName', 'arrivalTime'] }], { removeMissing: false });
    expect(plan.changed).toEqual([expect.objectContaining({ id: 501, fields: { ...imported, touristName: 'Anna Changed', hotelId: null, hotelName: '', arrivalTime: '15:00' } })]);
  });

  it('the same values again change nothing; a new pax id is added with the rest blank', () => {
    const same = planImport(state(imported), [{ row: 0, fields: blankArrivalFields('P1', 'Anna Imported'), given: ['paxId', 'touristName'] }], { removeMissing: false });
    expect([same.changed.length, same.unchanged]).toEqual([0, 1]);
    const fields = { ...blankArrivalFields('P2', 'Ben New'), arrivalTime: '09:00' };
    const added = planImport(state(imported), [{ row: 0, fields, given: ['paxId', 'touristName', 'arrivalTime'] }], { removeMissing: false });
    expect(added.added).toEqual([expect.objectContaining({ fields })]);
  });

  it('a deleted arrival entered again comes back, with its other fields', () => {
    const plan = planImport(state(imported, true), [{ row: 0, fields: blankArrivalFields('P1', 'Anna Imported'), given: ['paxId', 'touristName'] }], { removeMissing: false });
    expect(plan.changed).toEqual([expect.objectContaining({ id: 501, fields: imported })]);
  });

  it('a row from a file (no given fields) restates every field', () => {
    const plan = planImport(state(imported), [{ row: 2, fields: blankArrivalFields('P1', 'Anna Imported') }], { removeMissing: true });
    expect(plan.changed).toEqual([expect.objectContaining({ id: 501, fields: blankArrivalFields('P1', 'Anna Imported') })]);
  });
});
