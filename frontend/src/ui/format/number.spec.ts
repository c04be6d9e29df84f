import i18n from 'i18next';
import { applyBoundedNumberInput, applyNumericFilterInput, clampNumber, formatAedAmount, formatMoney, formatNumber, formatUsdAmount, formatUsdAed, isNumericText, numberLocale, parseNumberText, TABLE_NUMBER_MAX, TABLE_NUMBER_MIN } from './number';

// ru-RU groups thousands with a no-break space (U+00A0) in Node 24's Intl, so the gaps are spelled out.
const NBSP = '\u00a0';

describe('number inputs', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['123', true],
    ['12.5', true],
    ['12a', false],
    ['-3', false],
  ])('a number filter accepts numeric text or empty: %j -> %s', (text, ok) => {
    expect(isNumericText(text)).toBe(ok);
  });

  it.each<[string, string, string]>([
    ['12', '12a', '12'],
    ['12', '', ''],
    ['1', '17', '17'],
  ])('a number filter keeps %j when %j is typed -> %j', (before, typed, kept) => {
    expect(applyNumericFilterInput(before, typed)).toBe(kept);
  });

  it('the table number field is bounded 0 to 9999', () => {
    expect([TABLE_NUMBER_MIN, TABLE_NUMBER_MAX]).toEqual([0, 9999]);
    // [text before, text typed, bounds, text kept]
    const cases: [string, string, Parameters<typeof applyBoundedNumberInput>[2], string][] = [
      ['999', '99999', undefined, '9999'],
      ['', '-', undefined, ''],
      ['5', '5x', undefined, '5'],
      ['5', '5.25', undefined, '5.25'],
      ['5.25', '5.251', undefined, '5.25'],
      ['5', '', undefined, ''],
      ['0', '007', undefined, '7'],
      ['1', '1.5', { decimals: 0 }, '1'],
      ['', '-5', { min: -10, max: 10 }, '-5'],
      ['', '-50', { min: -10, max: 10 }, '-10'],
      ['', '1', { min: 5, max: 20 }, '1'],
    ];
    for (const [before, typed, bounds, kept] of cases) expect([before, typed, applyBoundedNumberInput(before, typed, bounds)]).toEqual([before, typed, kept]);
    expect(clampNumber(1, 5, 20)).toBe(5);
    expect(clampNumber(12000)).toBe(9999);
    expect(clampNumber(-1)).toBe(0);
    expect(clampNumber(Number.NaN)).toBe(0);
    expect(clampNumber(42)).toBe(42);
  });

  it('reads number text with a decimal point or a decimal comma, whatever the interface language', () => {
    expect(parseNumberText('1234.5')).toBe(1234.5);
    expect(parseNumberText('1234,5')).toBe(1234.5);
    expect(parseNumberText('12,5')).toBe(12.5);
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('abc')).toBeNull();
  });

  it('shows money with 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });
});

describe('numbers shown in the interface language', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('picks the Intl locale of a language', () => {
    expect([numberLocale('en'), numberLocale('ru'), numberLocale('ru-RU'), numberLocale(undefined)]).toEqual(['en-US', 'ru-RU', 'ru-RU', 'en-US']);
  });

  it('shows money in English as before: comma groups, decimal point', () => {
    expect([formatMoney(9840, 'en'), formatMoney(6547.6, 'en'), formatMoney(-1234567.891, 'en'), formatMoney(0.5, 'en')]).toEqual(['9,840.00', '6,547.60', '-1,234,567.89', '0.50']);
  });

  it('shows money in Russian: space groups, decimal comma', () => {
    expect([formatMoney(9840, 'ru'), formatMoney(6547.6, 'ru'), formatMoney(-1234567.891, 'ru'), formatMoney(0.5, 'ru'), formatMoney(Number.NaN, 'ru')]).toEqual([
      `9${NBSP}840,00`,
      `6${NBSP}547,60`,
      `-1${NBSP}234${NBSP}567,89`,
      '0,50',
      '0,00',
    ]);
  });

  it('shows counts and axis values with groups and only the decimals they have', () => {
    expect([formatNumber(20000, 2, 'en'), formatNumber(2.5, 2, 'en'), formatNumber(1.005, 1, 'en')]).toEqual(['20,000', '2.5', '1']);
    expect([formatNumber(20000, 2, 'ru'), formatNumber(2.5, 2, 'ru'), formatNumber(40000.25, 2, 'ru')]).toEqual([`20${NBSP}000`, '2,5', `40${NBSP}000,25`]);
  });

  it('writes money the one way every screen does: the currency first, USD before AED, a middle dot between', () => {
    expect([formatUsdAmount(80, 'en'), formatAedAmount(292, 'en'), formatUsdAed(1354.5, 4943.925, 'en')]).toEqual(['USD 80.00', 'AED 292.00', 'USD 1,354.50 · AED 4,943.93']);
    expect([formatUsdAmount(80, 'ru'), formatAedAmount(292, 'ru'), formatUsdAed(1354.5, 4943.925, 'ru')]).toEqual(['USD 80,00', 'AED 292,00', `USD 1${NBSP}354,50 · AED 4${NBSP}943,93`]);
    expect(formatUsdAed(Number.NaN, 0, 'en')).toBe('USD 0.00 · AED 0.00');
  });

  it('follows the i18n language when none is given, and English before i18n starts', async () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    await i18n.init({ lng: 'ru', fallbackLng: 'en', supportedLngs: ['en', 'ru'], resources: { en: { ui: {} }, ru: { ui: {} } }, initAsync: false });
    expect([formatMoney(1234.5), formatNumber(20000)]).toEqual([`1${NBSP}234,50`, `20${NBSP}000`]);
    expect(formatUsdAed(80, 292)).toBe('USD 80,00 · AED 292,00');
    await i18n.changeLanguage('en');
    expect([formatMoney(1234.5), formatNumber(20000)]).toEqual(['1,234.50', '20,000']);
  });
});
