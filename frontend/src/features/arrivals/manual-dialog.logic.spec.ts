import en from '../../i18n/locales/en/arrivals.json';
import ru from '../../i18n/locales/ru/arrivals.json';
import { manualFieldErrors, missingManualFields } from './manual-dialog.logic';

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
