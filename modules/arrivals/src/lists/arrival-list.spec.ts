import type { ArrivalFieldsData } from '@tbo/event-schemas';
import { ValidationError } from '@tbo/kernel';
import { arrivalListDecider, blankArrivalFields, emptyArrivalListState, planImport, type ArrivalListState } from './arrival-list';

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

describe('planImport of a file', () => {
  const two = (): ArrivalListState => {
    const s = state(imported);
    s.byPax.set('P2', { ...blankArrivalFields('P2', 'Ben Imported'), id: 502, isManuallyEntered: false, isDeleted: false });
    return s;
  };

  it("keeps a refused row's arrival as it is, removing only those on no row of the file", () => {
    const plan = planImport(two(), [{ row: 2, refused: true, paxId: 'P2' }], { removeMissing: true });
    expect(plan.removed.map((a) => a.paxId)).toEqual(['P1']);
    expect([plan.added.length, plan.changed.length, plan.unchanged]).toEqual([0, 0, 0]);
    // A refused row of a pax id the list has not got adds nothing; a deleted arrival stays deleted.
    const deleted = planImport(state(imported, true), [{ row: 2, refused: true, paxId: 'P1' }, { row: 3, refused: true, paxId: 'P9' }], { removeMissing: true });
    expect([deleted.added.length, deleted.changed.length, deleted.removed.length]).toEqual([0, 0, 0]);
  });

  it("the decider appends no removal for a refused row's arrival", () => {
    const events = arrivalListDecider.decide(
      { type: 'ImportArrivals', id: 7, supplierId: 6, isNew: false, name: 'December', rows: [{ row: 2, refused: true, paxId: 'P1' }], newIds: [], removeMissing: true, manual: false },
      state(imported),
    );
    expect(events).toEqual([]);
  });

  it('changes a known arrival in the columns the file has only: a column left out keeps its field, an empty cell clears it', () => {
    const fields = { ...blankArrivalFields('P1', 'Anna Imported'), arrivalDate: '2026-12-03', notes: '' };
    const plan = planImport(state(imported), [{ row: 2, fields, given: ['paxId', 'touristName', 'arrivalDate', 'notes'] }], { removeMissing: true });
    expect(plan.changed).toEqual([expect.objectContaining({ id: 501, fields: { ...imported, notes: '' } })]);
  });

  it('refuses a departure before the arrival the row keeps, naming the row', () => {
    const row = { row: 4, fields: { ...blankArrivalFields('P1', 'Anna Imported'), departureDate: '2026-12-01' }, given: ['paxId', 'touristName', 'departureDate'] as const };
    expect(() => planImport(state(imported), [row], { removeMissing: true })).toThrow(new ValidationError('Row 4 (Pax Id P1): Departure date is before the arrival date'));
  });
});

describe('a manual entry whose dates cross', () => {
  const entry = (departureDate: string) => ({ row: 0, fields: { ...blankArrivalFields('P1', 'Anna Imported'), departureDate }, given: ['paxId', 'touristName', 'departureDate'] as const });

  it("refuses a departure before the arrival the arrival keeps, as the importer does", () => {
    let error: unknown;
    try {
      arrivalListDecider.decide({ type: 'ImportArrivals', id: 7, supplierId: 6, isNew: false, name: 'December', rows: [entry('2026-11-01')], newIds: [], removeMissing: false, manual: true }, state(imported));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: 'Departure date is before the arrival date', details: { departureDate: ['Departure date is before the arrival date'] } });
  });

  it('takes a departure on or after the kept arrival', () => {
    expect(planImport(state(imported), [entry('2026-12-03')], { removeMissing: false }).changed).toHaveLength(1);
  });
});
