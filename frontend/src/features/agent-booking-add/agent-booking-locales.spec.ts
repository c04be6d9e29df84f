import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';

/** Every string of the add-booking page exists in en and ru (plural forms aside), and en words the §5 messages as the rules do. */
function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const load = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'i18n', 'locales', lang, 'agent-booking-add.json'), 'utf8')) as Record<string, unknown>;
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const at = (file: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);

describe('agent-booking-add.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    const en = load('en');
    const ru = load('ru');
    expect([...new Set(keys(ru).map(base))].sort()).toEqual([...new Set(keys(en).map(base))].sort());
    for (const file of [en, ru]) for (const k of keys(file)) expect(at(file, k)).not.toBe('');
  });

  it('words the booking rules as the server does, and carries the texts the spec fixes', () => {
    const en = load('en');
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
  const file = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'i18n', 'locales', lang, 'agent-booking-details.json'), 'utf8')) as Record<string, unknown>;
  it('has the same keys in en and ru, and the spec title', () => {
    expect(keys(file('ru')).sort()).toEqual(keys(file('en')).sort());
    expect(at(file('en'), 'title.confirmed')).toBe('Booking confirmed #{{id}}');
  });
});
