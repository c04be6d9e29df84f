import { applyBoundedNumberInput, applyNumericFilterInput, clampNumber, formatMoney, isNumericText, parseNumberText, TABLE_NUMBER_MAX, TABLE_NUMBER_MIN } from './number';

describe('number inputs', () => {
  it('a number filter accepts numeric text or empty', () => {
    expect(isNumericText('')).toBe(true);
    expect(isNumericText('123')).toBe(true);
    expect(isNumericText('12.5')).toBe(true);
    expect(isNumericText('12a')).toBe(false);
    expect(isNumericText('-3')).toBe(false);
    expect(applyNumericFilterInput('12', '12a')).toBe('12');
    expect(applyNumericFilterInput('12', '')).toBe('');
    expect(applyNumericFilterInput('1', '17')).toBe('17');
  });

  it('the table number field is bounded 0 to 9999', () => {
    expect([TABLE_NUMBER_MIN, TABLE_NUMBER_MAX]).toEqual([0, 9999]);
    expect(applyBoundedNumberInput('999', '99999')).toBe('9999');
    expect(applyBoundedNumberInput('', '-')).toBe('');
    expect(applyBoundedNumberInput('5', '5x')).toBe('5');
    expect(applyBoundedNumberInput('5', '5.25')).toBe('5.25');
    expect(applyBoundedNumberInput('5.25', '5.251')).toBe('5.25');
    expect(applyBoundedNumberInput('5', '')).toBe('');
    expect(applyBoundedNumberInput('0', '007')).toBe('7');
    expect(applyBoundedNumberInput('1', '1.5', { decimals: 0 })).toBe('1');
    expect(applyBoundedNumberInput('', '-5', { min: -10, max: 10 })).toBe('-5');
    expect(applyBoundedNumberInput('', '-50', { min: -10, max: 10 })).toBe('-10');
    expect(applyBoundedNumberInput('', '1', { min: 5, max: 20 })).toBe('1');
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
