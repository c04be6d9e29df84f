import type { HistoryWords } from '../../../ui/history';
import { describeField, offerHistoryFormat, timeSlotNames } from './history.logic';

const words: HistoryWords = { yes: 'Yes', no: 'No', policyRule: (h, p) => `${h} h: ${p} %`, unknown: (id) => `#${String(id)}` };
const labels: Record<string, string> = { 'bookingTypes.1': 'Live Book', 'fields.adultTicket': 'Adult ticket', 'periods.convTypes.multiply': 'multiply (×)', 'periods.convTypes.divide': 'divide (÷)' };

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
    // Dates are Dubai business dates, whatever the browser's zone: 22:00 UTC on 28 Feb is already 1 March in Dubai.
    expect(format('validPeriods.4.periodStart', '2026-02-28T22:00:00.000Z')).toBe('01.03.2026');
    expect(format('validPeriods.4.periodEnd', '2026-04-01T08:00:00.000Z')).toBe('01.04.2026');
    expect(format('validPeriods.4.pricePerAdultRecUsdVat', 95.2381)).toBe('95.2381');
    expect(format('description', 'x'.repeat(500))).toHaveLength(160);
  });

  it('names time slots by their group and name, and says the conversion type in words', () => {
    const timeSlots = timeSlotNames([
      { name: 'Morning', timeSlots: [{ id: 7, name: '09:00' }] },
      { name: 'Evening', timeSlots: [{ id: 9, name: '18:30' }] },
    ]);
    const format = offerHistoryFormat(words, { timeSlots, label: (k) => labels[k] ?? k });
    expect(format('timeSlots', [7, 9])).toBe('Morning: 09:00, Evening: 18:30');
    expect(format('timeSlots', [7, 404])).toBe('Morning: 09:00, #404');
    expect(format('validPeriods.4.convType', 'multiply')).toBe('multiply (×)');
    expect(format('validPeriods.4.convType', 'divide')).toBe('divide (÷)');
  });
});
