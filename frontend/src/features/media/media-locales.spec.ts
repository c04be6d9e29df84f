import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every string of the media manager exists in en and ru (spec 01 §1: both interface languages). */
function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const load = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'i18n', 'locales', lang, 'media.json'), 'utf8')) as Record<string, unknown>;

describe('media.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    const en = load('en');
    const ru = load('ru');
    expect(keys(ru).sort()).toEqual(keys(en).sort());
    for (const file of [en, ru]) for (const k of keys(file)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file)).not.toBe('');
  });
  it('carries the texts the spec fixes', () => {
    expect((load('en').delete as Record<string, string>).confirm).toBe('Are you sure you want to delete photo?');
    expect((load('en').selector as Record<string, string>).noPhotos).toBe("You haven't selected any photos");
    expect((load('en').selector as Record<string, string>).noHero).toBe('Hero image is not selected');
  });
});
