import en from '../../i18n/locales/en/arrivals.json';
import ru from '../../i18n/locales/ru/arrivals.json';
import { manualArrivalBody, manualFieldErrors, missingManualFields, type ManualDraft } from './manual-dialog.logic';

const empty = { paxId: '', touristName: '' };

describe('the manual arrival dialog: required fields', () => {
  it('counts a blank value as missing, in the form order', () => {
    expect(missingManualFields(empty)).toEqual(['paxId', 'touristName']);
    expect(missingManualFields({ paxId: '  ', touristName: 'Anna' })).toEqual(['paxId']);
    expect(missingManualFields({ paxId: 'P1', touristName: 'Anna' })).toEqual([]);
  });

  it('says nothing about a field not yet visited, then names a left field, and every missing one after a Save', () => {
    expect(manualFieldErrors(empty, new Set(), false)).toEqual({});
    expect(manualFieldErrors(empty, new Set(['paxId']), false)).toEqual({ paxId: 'manual.required.paxId' });
    expect(manualFieldErrors(empty, new Set(), true)).toEqual({ paxId: 'manual.required.paxId', touristName: 'manual.required.touristName' });
    // Filled in: the message goes.
    expect(manualFieldErrors({ paxId: 'P1', touristName: '' }, new Set(['paxId', 'touristName']), true)).toEqual({ touristName: 'manual.required.touristName' });
  });

  it('uses the words of spec 02 in English, and full Russian labels', () => {
    expect(en.manual.required).toEqual({ paxId: 'Pax Id is required', touristName: 'Tourist name is required' });
    expect(ru.manual.paxId).toBe('ID туриста');
    expect(ru.columns.arrivalTime).toBe('Время прилёта');
    expect(ru.columns.departureTime).toBe('Время вылета');
  });
});

describe('the manual arrival dialog: what Save sends', () => {
  const blank: ManualDraft = { listId: 0, paxId: 'P1', touristName: 'Anna', groupId: '', hotelId: '', agencyId: '', arrivalDate: '', arrivalTime: '', departureDate: '', departureTime: '', touristPhone: '', touristCountry: '', age: '', notes: '' };

  it('leaves out every field left blank, so an existing pax id keeps its group, hotel, agency and dates', () => {
    expect(manualArrivalBody({ ...blank, touristPhone: ' +971501234567 ' })).toEqual({ listId: 0, listName: '', paxId: 'P1', touristName: 'Anna', touristPhone: '+971501234567' });
  });

  it('sends the fields filled in, ids and age as numbers, the agency chosen among them', () => {
    const full = { ...blank, listId: 4, groupId: '60010', hotelId: '15', agencyId: '2', arrivalDate: '2026-11-30', departureDate: '2026-12-06', arrivalTime: '10:00', age: '34', notes: 'VIP' };
    expect(manualArrivalBody(full)).toEqual({ listId: 4, listName: '', paxId: 'P1', touristName: 'Anna', groupId: 60010, hotelId: 15, agencyId: 2, arrivalDate: '2026-11-30', departureDate: '2026-12-06', arrivalTime: '10:00', age: 34, notes: 'VIP' });
  });

  it('has the hint about an existing pax id and the agency choice in both languages', () => {
    for (const words of [en, ru]) expect([words.manual.existingHint, words.manual.noAgency].every(Boolean)).toBe(true);
  });
});
