import { BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';
import { expectSameKeysNoneEmpty, loadLocale, localeKeys, localeText as at } from '../../test-support/locale-files.testing';

/** Every string of the add-booking page exists in en and ru (plural forms aside), and en words the §5 messages as the rules do. */

describe('agent-booking-add.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('agent-booking-add', { byPluralBase: true });
  });

  it('words the booking rules as the server does, and carries the texts the spec fixes', () => {
    const en = loadLocale('en', 'agent-booking-add');
    for (const name of ['hotel', 'date', 'dateBeforeTomorrow', 'offer', 'timeSlot', 'adults', 'guestName', 'paymentNegative'] as const) expect(at(en, `errors.${name}`)).toBe(BOOKING_MESSAGES[name]);
    expect(at(en, 'ticket.childrenNotAllowed')).toBe(BOOKING_MESSAGES.childrenNotAllowed);
    expect(at(en, 'ticket.infantsNotAllowed')).toBe(BOOKING_MESSAGES.infantsNotAllowed);
    expect(at(en, 'ticket.selectTicket')).toBe('Select ticket');
    expect(at(en, 'ticket.onlyLeft_other')).toBe('Only {{count}} places left');
    expect(at(en, 'price.none')).toBe(BOOKING_MESSAGES.noPeriod);
    expect(at(en, 'sections')).toEqual({ core: 'Core Info', ticket: 'Ticket Selection', guest: 'Guest Details', payment: 'Payment Details' });
  });
});

describe('agent-booking-details.json', () => {
  const file = (lang: string) => loadLocale(lang, 'agent-booking-details');
  it('has the same keys in en and ru, and the spec title', () => {
    expect(localeKeys(file('ru')).sort()).toEqual(localeKeys(file('en')).sort());
    expect(at(file('en'), 'title.confirmed')).toBe('Booking confirmed #{{id}}');
    expect(at(file('en'), 'title.booking')).toBe('Booking #{{id}}');
  });
});
