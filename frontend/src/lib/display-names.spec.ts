import { countryDisplayName, languageDisplayName } from './display-names';

describe('display names', () => {
  it('names languages and countries in Russian from their codes, capitalised', () => {
    expect(languageDisplayName('en', 'English', 'ru')).toBe('Английский');
    expect(languageDisplayName('de', 'German', 'ru')).toBe('Немецкий');
    expect(countryDisplayName('AE', 'United Arab Emirates', 'ru')).toBe('ОАЭ');
  });

  it("keeps the data's name in English, without a code and for a code Intl does not know", () => {
    expect(languageDisplayName('en', 'English (UK)', 'en')).toBe('English (UK)');
    expect(languageDisplayName(null, 'Arabic', 'ru')).toBe('Arabic');
    expect(languageDisplayName('ta-abcd', 'Lingua One', 'ru')).toBe('Lingua One');
    expect(languageDisplayName('not a code!', 'Lingua Two', 'ru')).toBe('Lingua Two');
  });
});
