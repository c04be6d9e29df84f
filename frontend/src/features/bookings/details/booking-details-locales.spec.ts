import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOKING_STATUS_TEXT } from '@tbo/booking/src/pure/booking-status.pure';
import { historyEventKey } from './booking-history.logic';

/** Every string of the booking panel exists in en and ru, none empty, and the status and event words are the issue's. */
function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const load = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'i18n', 'locales', lang, 'booking-details.json'), 'utf8')) as Record<string, unknown>;
const at = (file: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);

describe('booking-details.json', () => {
  it('has the same keys in en and ru, none empty, and ru is Russian', () => {
    const en = load('en');
    const ru = load('ru');
    expect(keys(ru).sort()).toEqual(keys(en).sort());
    for (const file of [en, ru]) for (const k of keys(file)) expect(at(file, k)).not.toBe('');
    for (const k of ['title', 'tabs.history', 'actions.cancel', 'history.events.created', 'conflict']) expect(at(ru, k)).toMatch(/[а-яё]/i);
  });

  it('names the statuses as the booking module does, and every booking event in words', () => {
    const en = load('en');
    expect(at(en, 'status')).toEqual(Object.fromEntries(Object.entries(BOOKING_STATUS_TEXT)));
    const events = ['BookingCreated', 'BookingConfirmed', 'BookingDeclined', 'BookingCancelled', 'BookingGuestAmended', 'BookingRescheduled', 'BookingCompleted'];
    expect(events.map((e) => at(en, `history.events.${historyEventKey(e)}`))).toEqual(['Booked', 'Confirmed', 'Declined', 'Cancelled', 'Guest details changed', 'Date, time or people changed', 'Completed']);
  });
});
