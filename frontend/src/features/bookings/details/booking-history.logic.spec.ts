import i18n from 'i18next';
import type { BookingHistoryEntry } from './api/booking-view.schema';
import { flattenChanges, formatHistoryValue, historyEventKey, historyItems, spellField, type HistoryWords } from './booking-history.logic';
import { expectCases } from '../../../test-support/expect-cases.testing';

const LABELS: Record<string, string> = {
  guestName: 'Guest name',
  roomNumber: 'Room',
  phones: 'Phones',
  date: 'Date',
  adults: 'Adults',
  status: 'Status',
  'totals.totalUsd': 'Total (USD)',
  'totals.totalAed': 'Total (AED)',
  startTime: 'Start',
  paidTo: 'Paid to',
  refundUsd: 'Refund (USD)',
  'cancellation.at': 'Cancelled at',
};
const STATUS = ['Normal', 'Pending', 'Quotation Request', 'Payment Required', 'Cancelled', 'Completed'];
const words: HistoryWords = {
  label: (path) => LABELS[path],
  status: (code) => STATUS[code] ?? String(code),
  declined: 'Declined',
  word: (_field, value) => ({ agency: 'Agency', supplier: 'Supplier', voucher: 'Voucher', rus: 'Russian', redeemed: 'Checked in' })[value],
  yes: 'Yes',
  no: 'No',
  tier: (hours, percents) => `${hours} h before: ${percents} %`,
  hours: (n) => `${n} h`,
  afterStart: 'after the start',
  resellerApi: 'Reseller API (OCTO)',
};

const entry = (over: Partial<BookingHistoryEntry>): BookingHistoryEntry => ({ revision: 0, type: 'BookingCreated', at: '2026-11-20T06:15:00.000Z', by: { id: 7, name: 'Alice Agent' }, status: 0, statusText: 'Normal', changes: [], ...over });

describe('booking history as the timeline shows it', () => {
  it('names each event in the namespace\'s keys', () => {
    expectCases(historyEventKey, [
      ['BookingCreated', 'created'],
      ['BookingGuestAmended', 'guestAmended'],
      ['BookingRescheduled', 'rescheduled'],
      ['BookingCancelled', 'cancelled'],
      ['DocumentIssued', 'documentIssued'],
      ['BookingNoShow', 'noShow'],
      ['BookingTicketsAllocated', 'ticketsAllocated'],
      ['Booking', 'Booking'],
    ]);
  });

  it('spells out a field the namespace has no label for', () => {
    expect(spellField('pickUpTimeStart')).toBe('Pick up time start');
    expect(spellField('prices.adultRecUsd')).toBe('Adult rec usd');
  });

  it('splits a change of a whole object into its members', () => {
    expect(flattenChanges([{ field: 'totals', before: { totalUsd: 200, netUsd: 160 }, after: { totalUsd: 250, netUsd: 160 } }])).toEqual([
      { field: 'totals.totalUsd', before: 200, after: 250 },
      { field: 'totals.netUsd', before: 160, after: 160 },
    ]);
    expect(flattenChanges([{ field: 'departure', before: null, after: { groupId: 2, date: '2026-12-01' } }])).toEqual([
      { field: 'departure.groupId', before: undefined, after: 2 },
      { field: 'departure.date', before: undefined, after: '2026-12-01' },
    ]);
  });

  it('formats each value as the panel does', () => {
    expect(formatHistoryValue('date', '2026-12-01', words)).toBe('01.12.2026');
    expect(formatHistoryValue('startTime', 540, words)).toBe('09:00');
    expect(formatHistoryValue('responseDueAt', '2026-12-01T05:00:00Z', words)).toBe('01.12.2026 09:00');
    expect(formatHistoryValue('status', 1, words)).toBe('Pending');
    expect(formatHistoryValue('totals.totalUsd', 250, words)).toBe('USD 250.00');
    expect(formatHistoryValue('totals.totalAed', 912.5, words)).toBe('AED 912.50');
    expect(formatHistoryValue('paid', 50, words)).toBe('USD 50.00');
    expect(formatHistoryValue('paidOrig', 182.5, words)).toBe('AED 182.50');
    expect(formatHistoryValue('refundAed', 10, words)).toBe('AED 10.00');
    expect(formatHistoryValue('prices.adultNetUsd', 80, words)).toBe('USD 80.00');
    expect(formatHistoryValue('prices.commission', 20, words)).toBe('20 %');
    expect(formatHistoryValue('penaltyPercent', 50, words)).toBe('50 %');
    expect(formatHistoryValue('prices.commission', 12.5, words)).toBe('12.5 %');
    expect(formatHistoryValue('prices.convRate', 3.6725, words)).toBe('3.6725');
    expect(formatHistoryValue('hoursBeforeStart', 30, words)).toBe('30 h');
    expect(formatHistoryValue('hoursBeforeStart', -8, words)).toBe('after the start');
    expect(formatHistoryValue('phones', ['+971501', '', '+971502'], words)).toBe('+971501, +971502');
    expect(formatHistoryValue('paidTo', 'agency', words)).toBe('Agency');
    expect(formatHistoryValue('channel', 'octo', words)).toBe('octo');
    expect(formatHistoryValue('ticketsRequired', true, words)).toBe('Yes');
    expect(formatHistoryValue('cancellationPolicy', [{ hours: 24, percents: 100 }, { hours: 2, percents: 50 }], words)).toBe('24 h before: 100 %; 2 h before: 50 %');
    expect(formatHistoryValue('adults', 3, words)).toBe('3');
    expect(formatHistoryValue('notes', '', words)).toBe('');
    expect(formatHistoryValue('notes', null, words)).toBe('');
    const ticket = (code: string) => ({ ticketTypeId: 1, ticketTypeName: 'Adult', category: 0, code, expiresOn: '2026-12-31' });
    expect(formatHistoryValue('tickets', ['A1', 'A2'].map(ticket), words)).toBe('A1, A2');
    expect(formatHistoryValue('tickets', ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'].map(ticket), words)).toBe('A1, A2, A3, A4, A5 + 2');
    expect(formatHistoryValue('checkIn.kind', 'redeemed', words)).toBe('Checked in');
    expect(formatHistoryValue('checkIn.at', '2026-12-01T05:10:00.000Z', words)).toBe('01.12.2026 09:10');
  });

  it('names an issued document in words and leaves its file key, size and checksum to the API', () => {
    const document = { kind: 'voucher', language: 'rus', bookingVersion: 0, storageKey: 'documents/1/381/0/voucher-rus.pdf', checksum: 'ab'.repeat(32), bytes: 35895 };
    const [issued] = historyItems([entry({ revision: 2, type: 'DocumentIssued', by: null, changes: [{ field: 'document', before: null, after: document }] })], words);
    expect(issued).toMatchObject({ eventKey: 'documentIssued', by: null, changes: [], document: { kind: 'Voucher', language: 'Russian', asOf: null } });
  });

  it('tells documents of two versions of a booking apart by when that version was made (Dubai time)', () => {
    const voucher = (bookingVersion: number) => ({ kind: 'voucher', language: 'eng', bookingVersion, storageKey: `documents/1/9/${bookingVersion}/voucher-eng.pdf`, checksum: 'ab'.repeat(32), bytes: 1 });
    const issued = (revision: number, version: number) => entry({ revision, type: 'DocumentIssued', by: null, changes: [{ field: 'document', before: null, after: voucher(version) }] });
    const items = historyItems(
      [entry({ revision: 0 }), issued(1, 0), entry({ revision: 2, type: 'BookingGuestAmended', at: '2026-11-21T09:40:00.000Z' }), issued(3, 2)],
      words,
    );
    expect(items.filter((i) => i.document).map((i) => i.document!.asOf)).toEqual([
      { at: '21.11.2026 13:40', eventKey: 'guestAmended' },
      { at: '20.11.2026 10:15', eventKey: 'created' },
    ]);
  });

  it('leaves the system unnamed, for the timeline to say in the interface language', () => {
    const by = (person: BookingHistoryEntry['by']) => historyItems([entry({ by: person })], words)[0]!.by;
    expect(by({ id: 'system:documents', name: 'System' })).toBeNull();
    expect(by({ id: null, name: 'System' })).toBeNull();
    expect(by(null)).toBeNull();
    expect(by({ id: 'agent@demo.test', name: 'Daniel Brooks' })).toBe('Daniel Brooks');
    expect(by({ id: 'gone@demo.test', name: '' })).toBe('gone@demo.test');
    // A reseller's OCTO calls are named as the lists name that channel, never by the raw key.
    expect(by({ id: 'reseller-key:1', name: 'reseller-key:1' })).toBe('Reseller API (OCTO)');
  });

  it("lists a check-in's kind, time and who, not the user's id", () => {
    const checkIn = { kind: 'redeemed', at: '2026-12-01T05:10:00.000Z', byUserId: 'guide@demo.test', byName: 'Karim Haddad' };
    const [redeemed] = historyItems([entry({ type: 'BookingRedeemed', changes: [{ field: 'checkIn', before: null, after: checkIn }] })], words);
    expect(redeemed!.changes.map((c) => [c.field, c.after])).toEqual([
      ['checkIn.kind', 'Checked in'],
      ['checkIn.at', '01.12.2026 09:10'],
      ['checkIn.byName', 'Karim Haddad'],
    ]);
  });

  it('lists events newest first in Dubai time, with who, the reason apart, ids and unchanged values left out', () => {
    const items = historyItems(
      [
        entry({ revision: 0, changes: [{ field: 'guestName', before: null, after: 'Anna Smirnova' }, { field: 'hotelId', before: null, after: 4 }, { field: 'adults', before: null, after: 2 }] }),
        entry({
          revision: 1,
          type: 'BookingGuestAmended',
          at: '2026-11-21T20:30:00.000Z',
          by: { id: 3, name: 'Olga Operations' },
          changes: [
            { field: 'roomNumber', before: '1204', after: '1502' },
            { field: 'phones', before: ['+971501'], after: ['+971501'] },
          ],
        }),
        entry({ revision: 2, type: 'BookingRescheduled', by: null, changes: [{ field: 'totals', before: { totalUsd: 200, totalAed: 730 }, after: { totalUsd: 250, totalAed: 912.5 } }, { field: 'claimId', before: 'a', after: 'b' }] }),
        entry({
          revision: 3,
          type: 'BookingCancelled',
          changes: [
            { field: 'status', before: 0, after: 4 },
            { field: 'cancellation', before: null, after: { reason: 'Guest ill', refundUsd: 250, at: '2026-11-23T08:00:00.000Z' } },
          ],
        }),
      ],
      words,
    );
    expect(items.map((i) => i.eventKey)).toEqual(['cancelled', 'rescheduled', 'guestAmended', 'created']);
    const [cancelled, rescheduled, amended, created] = items;
    expect(cancelled!.reason).toBe('Guest ill');
    expect(cancelled!.changes).toEqual([
      { field: 'status', label: 'Status', before: 'Normal', after: 'Cancelled' },
      { field: 'cancellation.refundUsd', label: 'Refund (USD)', before: '', after: 'USD 250.00' },
      { field: 'cancellation.at', label: 'Cancelled at', before: '', after: '23.11.2026 12:00' },
    ]);
    expect(rescheduled!.by).toBeNull();
    expect(rescheduled!.changes).toEqual([
      { field: 'totals.totalUsd', label: 'Total (USD)', before: 'USD 200.00', after: 'USD 250.00' },
      { field: 'totals.totalAed', label: 'Total (AED)', before: 'AED 730.00', after: 'AED 912.50' },
    ]);
    expect(amended!.at).toBe('22.11.2026 00:30');
    expect(amended!.by).toBe('Olga Operations');
    expect(amended!.changes).toEqual([{ field: 'roomNumber', label: 'Room', before: '1204', after: '1502' }]);
    expect(created!.at).toBe('20.11.2026 10:15');
    expect(created!.changes.map((c) => c.field)).toEqual(['guestName', 'adults']);
    expect(new Set(items.map((i) => i.key)).size).toBe(4);
  });

  it('leaves the per-trip prices of a ticket that has none out of the values booked with, and keeps them where it has one', () => {
    const prices = (trip: { rec: number; net: number }) => ({
      adultRecUsd: 100, tripRecUsd: trip.rec, tripNetUsd: trip.net, tripRecAed: trip.rec * 3.65, tripNetAed: trip.net * 3.65, commission: 20,
    });
    const created = (trip: { rec: number; net: number }) => historyItems([entry({ changes: [{ field: 'prices', before: null, after: prices(trip) }] })], words)[0]!.changes.map((c) => c.field);
    expect(created({ rec: 0, net: 0 })).toEqual(['prices.adultRecUsd', 'prices.commission']);
    // A ticket with a per-trip price shows all four, a 0 among them too.
    expect(created({ rec: 40, net: 0 })).toEqual(['prices.adultRecUsd', 'prices.tripRecUsd', 'prices.tripNetUsd', 'prices.tripRecAed', 'prices.tripNetAed', 'prices.commission']);
    // A later change of a per-trip price, to 0 too, is listed.
    const [changed] = historyItems([entry({ type: 'BookingRescheduled', changes: [{ field: 'prices', before: prices({ rec: 40, net: 30 }), after: prices({ rec: 0, net: 0 }) }] })], words);
    expect(changed!.changes.map((c) => [c.field, c.after])).toEqual([
      ['prices.tripRecUsd', 'USD 0.00'],
      ['prices.tripNetUsd', 'USD 0.00'],
      ['prices.tripRecAed', 'AED 0.00'],
      ['prices.tripNetAed', 'AED 0.00'],
    ]);
  });

  it("reads a decline's reason as the event's line, and its status as Declined (its code is Cancelled's), as the panel does", () => {
    const [declined] = historyItems([entry({ type: 'BookingDeclined', changes: [{ field: 'status', before: 1, after: 4 }, { field: 'declineReason', before: null, after: 'Fully booked' }] })], words);
    expect(declined!.reason).toBe('Fully booked');
    expect(declined!.changes).toEqual([{ field: 'status', label: 'Status', before: 'Pending', after: 'Declined' }]);
    const [cancelled] = historyItems([entry({ type: 'BookingCancelled', changes: [{ field: 'status', before: 0, after: 4 }] })], words);
    expect(cancelled!.changes).toEqual([{ field: 'status', label: 'Status', before: 'Normal', after: 'Cancelled' }]);
  });
});

describe('booking history values on Russian screens', () => {
  afterAll(() => i18n.changeLanguage('en'));
  it('writes decimals with a comma, like the amounts beside them', async () => {
    await i18n.init({ lng: 'ru', fallbackLng: 'en', supportedLngs: ['en', 'ru'], resources: { en: { ui: {} }, ru: { ui: {} } }, initAsync: false });
    expect(formatHistoryValue('prices.convRate', 3.65, words)).toBe('3,65');
    expect(formatHistoryValue('prices.commission', 12.5, words)).toBe('12,5 %');
  });
});
