import { sheetLanguageOf } from './sheet-language';

describe('sheetLanguageOf', () => {
  it('is Russian when Russian is the first choice, English otherwise', () => {
    expect(sheetLanguageOf('ru')).toBe('ru');
    expect(sheetLanguageOf('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(sheetLanguageOf(' RU ;q=1')).toBe('ru');
    expect(sheetLanguageOf(['ru', 'en'])).toBe('ru');
    expect(sheetLanguageOf('en-GB,ru;q=0.9')).toBe('en');
    expect(sheetLanguageOf('rus')).toBe('en');
    expect(sheetLanguageOf('*')).toBe('en');
    expect(sheetLanguageOf('')).toBe('en');
    expect(sheetLanguageOf(undefined)).toBe('en');
  });
});
