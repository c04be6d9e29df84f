import { expectSameKeysNoneEmpty, loadLocale, localeText as at } from '../../../test-support/locale-files.testing';

/** Every string of the tour edit screen exists in en and ru (plural forms aside), and en carries the spec's texts. */

describe('tour-edit.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('tour-edit', { byPluralBase: true });
  });

  it('carries the texts the spec fixes (and the server sends)', () => {
    const en = loadLocale('en', 'tour-edit');
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
