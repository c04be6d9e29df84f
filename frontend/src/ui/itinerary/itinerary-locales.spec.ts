import { expectSameKeysNoneEmpty, loadLocale, localeKeys as keys, pluralBase as base } from '../../test-support/locale-files.testing';

/** Every string of the map picker and the Itinerary tab exists in en and ru (plural forms compared by their base key). */

describe.each(['tour-location', 'tour-itinerary'])('%s.json', (ns) => {
  it('has the same keys in en and ru, none empty, every plural with its forms', () => {
    const { en, ru } = expectSameKeysNoneEmpty(ns, { byPluralBase: true });
    for (const k of keys(en).filter((x) => x.endsWith('_other'))) {
      const b = base(k);
      expect(keys(ru)).toEqual(expect.arrayContaining([`${b}_one`, `${b}_few`, `${b}_many`, `${b}_other`]));
    }
  });
});

describe('tour-itinerary.json', () => {
  it('carries the texts the spec fixes (spec 01 §5)', () => {
    const en = loadLocale('en', 'tour-itinerary');
    expect(en.nameRequired).toBe('Itinerary name is required');
    expect(en.stopNameRequired).toBe('itinerary stop name is required');
    expect(en.noStopsWarning).toBe('Warning: Please add at least on stop');
  });
});
