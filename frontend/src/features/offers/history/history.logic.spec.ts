import type { HistoryWords } from '../../../ui/history';
import { describeField, offerHistoryFormat } from './history.logic';

const words: HistoryWords = { yes: 'Yes', no: 'No', policyRule: (h, p) => `${h} h: ${p} %`, unknown: (id) => `#${String(id)}` };
const labels: Record<string, string> = { 'bookingTypes.1': 'Live Book', 'fields.adultTicket': 'Adult ticket' };

describe('offer history display', () => {
  it('names valid period fields by their period', () => {
    expect(describeField('validPeriods.12.pricePerAdultRecUsd')).toEqual({ periodId: 12, name: 'pricePerAdultRecUsd', price: { kind: 'adult', side: 'rec', variant: 'usd' } });
    expect(describeField('validPeriods.3.pricePerTripNetAedVat').price).toEqual({ kind: 'trip', side: 'net', variant: 'aedVat' });
    expect(describeField('validPeriods.3.netCommissionPerChild')).toEqual({ periodId: 3, name: 'netCommissionPerChild', commission: 'child' });
    expect(describeField('nameDisplay')).toEqual({ periodId: null, name: 'nameDisplay' });
  });

  it('shows values as names and words, never ids or JSON', () => {
    const format = offerHistoryFormat(words, {
      cities: [{ value: 1, label: 'Dubai' }],
      ticketTypes: [{ value: 5, label: 'Burj Khalifa' }],
      photos: [{ value: 33, label: 'Desert dunes' }],
      label: (k) => labels[k] ?? k,
    });
    expect(format('origin', [1])).toBe('Dubai');
    expect(format('photos', [33])).toBe('Desert dunes');
    expect(format('bookingType', 1)).toBe('Live Book');
    expect(format('isDirectReporting', false)).toBe('No');
    expect(format('ticketsTypes', [{ ticketTypeId: 5, type: 0 }])).toBe('Adult ticket: Burj Khalifa');
    expect(format('cancellationPolicy', [{ hours: 24, percents: 50 }])).toBe('24 h: 50 %');
    expect(format('validPeriods.4.periodStart', '2026-03-01T00:00:00.000Z')).toMatch(/^\d\d\.\d\d\.2026$/);
    expect(format('validPeriods.4.pricePerAdultRecUsdVat', 95.2381)).toBe('95.2381');
    expect(format('description', 'x'.repeat(500))).toHaveLength(160);
  });
});
