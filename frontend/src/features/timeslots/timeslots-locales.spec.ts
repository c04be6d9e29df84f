import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TIME_SLOT_MESSAGES } from '@tbo/scheduling/src/pure/time-slot-rules.pure';

/** Every string of the time slot screens exists in en and ru (plural forms aside), and en carries the spec's and the rules' texts. */
function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const load = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'i18n', 'locales', lang, 'timeslots.json'), 'utf8')) as Record<string, unknown>;
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const at = (file: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);

describe('timeslots.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    const en = load('en');
    const ru = load('ru');
    expect([...new Set(keys(ru).map(base))].sort()).toEqual([...new Set(keys(en).map(base))].sort());
    for (const file of [en, ru]) for (const k of keys(file)) expect(at(file, k)).not.toBe('');
  });

  it("words every message of the rules in English as the rules do (the server answers the same text)", () => {
    const en = load('en');
    for (const [name, text] of Object.entries(TIME_SLOT_MESSAGES)) expect(at(en, `errors.${name}`)).toBe(text);
  });

  it('carries the texts the spec fixes', () => {
    const en = load('en');
    expect(at(en, 'notFound')).toMatchObject({ title: 'Not found', message: 'Time slot group not found or you are not allowed to manage it' });
    expect(at(en, 'errors.noExternalSlots')).toBe('No time slots for selected product. Maybe it should be guest defines time?');
    expect(at(en, 'errors.groupNotInitialized')).toBe('Time slot group not initialized');
    expect(at(en, 'slot.fields.isExternal')).toBe('Is External');
    expect(Object.values(at(en, 'days') as object)).toEqual(['Everyday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(Object.values(at(en, 'codeTypes') as object)).toEqual(['None', 'QR Code', 'Bar Code']);
  });
});
