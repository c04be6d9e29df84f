import { sheetLanguageOf } from './sheet-language';

describe('sheetLanguageOf', () => {
  it('is Russian when Russian is the first choice, English otherwise', () => {
    expect(sheetLanguageOf('ru')).toBe('ru');
    expect(sheetLanguageOf('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(sheetLanguageOf(' RU ;q=1')).toBe('ru');
    expect(sheetLanguageOf(['ru', 'en'])).toBe('ru');
    expect(sheetLanguageOf('en-GB,ru;q=0.9')).toBe('en');
    expect(sheetLanguageOf('rus')).toBe('en');
    // Weighed by quality, not by place: a refused or a lesser language is not the first choice.
    expect(sheetLanguageOf('ru;q=0,en;q=1')).toBe('en');
    expect(sheetLanguageOf('en;q=0.5, ru')).toBe('ru');
    expect(sheetLanguageOf('de,ru;q=0.9')).toBe('en');
    expect(sheetLanguageOf('ru;q=abc')).toBe('en');
    expect(sheetLanguageOf('*')).toBe('en');
    expect(sheetLanguageOf('')).toBe('en');
    expect(sheetLanguageOf(undefined)).toBe('en');
  });
});
