import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every string of the tour edit screen exists in en and ru (plural forms aside), and en carries the spec's texts. */
function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const load = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'i18n', 'locales', lang, 'tour-edit.json'), 'utf8')) as Record<string, unknown>;
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const at = (file: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);

describe('tour-edit.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    const en = load('en');
    const ru = load('ru');
    expect([...new Set(keys(ru).map(base))].sort()).toEqual([...new Set(keys(en).map(base))].sort());
    for (const file of [en, ru]) for (const k of keys(file)) expect(at(file, k)).not.toBe('');
  });

  it('carries the texts the spec fixes (and the server sends)', () => {
    const en = load('en');
    expect(at(en, 'errors')).toMatchObject({
      code: 'Tour code is required',
      displayName: 'Tour display name is required',
      url: 'Url is required',
      language: 'Language is required',
      categories: 'At least one tour category is required',
      linkTitle: 'Link title is required',
      linkUrl: 'Link Url is required',
      links: 'All external links should have specified Title and valid Url',
      itineraryName: 'Itinerary name is required',
      stopName: 'itinerary stop name is required',
    });
    expect(at(en, 'media.noPhotos')).toBe("You haven't selected any photos");
    expect(at(en, 'media.noHero')).toBe('Hero image is not selected');
    expect(at(en, 'place.googleError')).toBe("Couldn't get rating for place id: {{title}}");
    expect(at(en, 'place.tripAdvisorError')).toBe("Couldn't get rating for specified TripAdvisor location: {{title}}");
    expect(Object.values(at(en, 'tabs') as object)).toEqual(['Basic details', 'Location details', 'Terms & Conditions', 'Media', 'Itinerary', 'FAQ', 'SEO', 'Tickets', 'History']);
    expect(Object.values(at(en, 'recommendedFor') as object)).toEqual(['Everybody', 'Families With Children', 'Families With Infants', 'Young Adults', 'Elderly']);
    expect(Object.values(at(en, 'directionTypes') as object)).toEqual(['By Car', 'By Bus', 'By Metro']);
  });
});
