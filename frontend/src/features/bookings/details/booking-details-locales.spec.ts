import { BOOKING_STATUS_TEXT } from '@tbo/booking/src/pure/booking-status.pure';
import { expectSameKeysNoneEmpty, loadLocale, localeText as at } from '../../../test-support/locale-files.testing';
import { historyEventKey } from './booking-history.logic';

/** Every string of the booking panel exists in en and ru, none empty, and the status and event words are the issue's. */

describe('booking-details.json', () => {
  it('has the same keys in en and ru, none empty, and ru is Russian', () => {
    const { ru } = expectSameKeysNoneEmpty('booking-details');
    for (const k of ['title', 'tabs.history', 'actions.cancel', 'history.events.created', 'conflict', 'form.slotsFailed', 'form.hotelsLoading', 'form.hotelsFailed']) expect(at(ru, k)).toMatch(/[а-яё]/i);
  });

  it('names the statuses as the booking module does, and every booking event in words', () => {
    const en = loadLocale('en', 'booking-details');
    expect(at(en, 'status')).toEqual(Object.fromEntries(Object.entries(BOOKING_STATUS_TEXT)));
    // Every type of event/schemas' bookingEventTypes that the history lists (BookingSeatClaimVoided it leaves out).
    const events = [
      'BookingCreated', 'BookingConfirmed', 'BookingDeclined', 'BookingCancelled', 'BookingGuestAmended', 'BookingRescheduled', 'BookingCompleted',
      'DocumentIssued', 'BookingRedeemed', 'BookingNoShow', 'BookingTicketsAllocated', 'BookingTicketsReturned', 'BookingTicketsShort',
    ];
    expect(events.map((e) => at(en, `history.events.${historyEventKey(e)}`))).toEqual([
      'Booked', 'Confirmed', 'Declined', 'Cancelled', 'Guest details changed', 'Date, time or people changed', 'Completed',
      'Document issued: {{kind}} ({{language}})', 'Guest checked in', 'Marked as a no-show', 'Tickets allocated', 'Tickets returned to stock', 'Tickets short: back to pending',
    ]);
    const ru = loadLocale('ru', 'booking-details');
    for (const word of ['voucher', 'invoice', 'tickets', 'eng', 'rus', 'redeemed', 'noShow']) expect(at(ru, `history.words.${word}`)).toMatch(/[а-яё]/i);
  });

  it("names the history's time slot as the slot it is (its name), not as a time", () => {
    expect(at(loadLocale('ru', 'booking-details'), 'history.fields.timeSlotName')).toBe('Слот');
  });
});
