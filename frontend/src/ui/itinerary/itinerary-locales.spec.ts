import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every string of the map picker and the Itinerary tab exists in en and ru (plural forms compared by their base key). */
function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const load = (lang: string, ns: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'i18n', 'locales', lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
const get = (file: Record<string, unknown>, k: string) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);

describe.each(['tour-location', 'tour-itinerary'])('%s.json', (ns) => {
  it('has the same keys in en and ru, none empty, every plural with its forms', () => {
    const en = load('en', ns);
    const ru = load('ru', ns);
    expect([...new Set(keys(ru).map(base))].sort()).toEqual([...new Set(keys(en).map(base))].sort());
    for (const file of [en, ru]) for (const k of keys(file)) expect(get(file, k)).not.toBe('');
    for (const k of keys(en).filter((x) => x.endsWith('_other'))) {
      const b = base(k);
      expect(keys(ru)).toEqual(expect.arrayContaining([`${b}_one`, `${b}_few`, `${b}_many`, `${b}_other`]));
    }
  });
});

describe('tour-itinerary.json', () => {
  it('carries the texts the spec fixes (spec 01 §5)', () => {
    const en = load('en', 'tour-itinerary');
    expect(en.nameRequired).toBe('Itinerary name is required');
    expect(en.stopNameRequired).toBe('itinerary stop name is required');
    expect(en.noStopsWarning).toBe('Warning: Please add at least on stop');
  });
});
