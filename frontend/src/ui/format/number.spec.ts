import { applyBoundedNumberInput, applyNumericFilterInput, clampNumber, formatMoney, isNumericText, parseNumberText, TABLE_NUMBER_MAX, TABLE_NUMBER_MIN } from './number';

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

  it('reads number text', () => {
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
