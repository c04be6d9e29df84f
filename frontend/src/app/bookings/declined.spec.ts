import { loadLocale, localeText as at } from '../../test-support/locale-files.testing';
import { isDeclined, statusWordKey } from './declined';

describe('isDeclined', () => {
  it('tells a declined booking (a reason, no cancellation) from a cancelled one and a pending one', () => {
    expect(isDeclined({ status: 4, declineReason: 'Fully booked', cancellation: null })).toBe(true);
    expect(isDeclined({ status: 4, declineReason: null, cancellation: { refundUsd: 10 } })).toBe(false);
    expect(isDeclined({ status: 4, declineReason: 'Fully booked', cancellation: { refundUsd: 10 } })).toBe(false);
    expect(isDeclined({ status: 1, declineReason: null, cancellation: null })).toBe(false);
    // The operator's view leaves the reason out when there is none.
    expect(isDeclined({ status: 4, cancellation: null })).toBe(false);
  });
});

describe('the status word of a declined booking', () => {
  it('is its own, not Cancelled; any other booking is named by its status', () => {
    expect(statusWordKey(4, true)).toBe('statusDeclined');
    expect(statusWordKey(4, false)).toBe('status.4');
    expect(statusWordKey(1, false)).toBe('status.1');
  });

  // The agent's page and list, the commissions list (agent-bookings too), the operator's list and panel.
  const NAMESPACES = ['agent-booking-details', 'agent-bookings', 'bookings-list', 'booking-details'];
  it.each([
    ['en', 'Declined'],
    ['ru', 'Отклонено'],
  ])('reads the same on every %s screen that names statuses', (lang, word) => {
    expect(NAMESPACES.map((ns) => at(loadLocale(lang, ns), 'statusDeclined'))).toEqual(NAMESPACES.map(() => word));
  });

  it("says on both booking pages that a declined booking's money rows are empty because it was declined", () => {
    const none = (lang: string) => [at(loadLocale(lang, 'agent-booking-details'), 'fields.noneDeclined'), at(loadLocale(lang, 'booking-details'), 'noneDeclined')];
    expect(none('en')).toEqual(['None: the booking was declined', 'None: the booking was declined']);
    expect(none('ru')).toEqual(['Нет: бронирование отклонено', 'Нет: бронирование отклонено']);
  });
});
