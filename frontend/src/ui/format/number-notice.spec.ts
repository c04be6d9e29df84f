import { applyBoundedNumberInput } from './number';
import { clampedNumberNotice, refusedNumberNotice } from './number-notice';

describe('number field notices', () => {
  it('says why a text was refused: a decimal point in a whole number, too many decimals, a minus, a letter', () => {
    const whole = { min: 0, max: 999999, decimals: 0 };
    // The texts a field refuses (applyBoundedNumberInput keeps the previous one), then what it says of them.
    const cases: [string, string, Parameters<typeof refusedNumberNotice>[1], ReturnType<typeof refusedNumberNotice>][] = [
      ['1', '1.', whole, { kind: 'whole' }],
      ['1', '1,', whole, { kind: 'whole' }],
      ['1.25', '1.255', { min: 0, max: 100, decimals: 2 }, { kind: 'decimals', n: 2 }],
      ['5', '-5', whole, { kind: 'negative' }],
      ['1', '1e', whole, { kind: 'digits' }],
      ['1.5', '1.5.', { min: 0, max: 100, decimals: 2 }, { kind: 'digits' }],
      ['-2', '-2.', { min: -23, max: 2400, decimals: 0 }, { kind: 'whole' }],
      ['-2', '-2x', { min: -23, max: 2400, decimals: 0 }, { kind: 'digits' }],
    ];
    for (const [before, typed, bounds, notice] of cases) {
      expect(applyBoundedNumberInput(before, typed, bounds)).toBe(before);
      expect([typed, refusedNumberNotice(typed, bounds)]).toEqual([typed, notice]);
    }
  });

  it('says which bound a value was moved to, and nothing when it was kept', () => {
    expect(clampedNumberNotice(12345678901, 999999)).toEqual({ kind: 'max', max: 999999 });
    expect(clampedNumberNotice(-24, -23)).toEqual({ kind: 'min', min: -23 });
    expect(clampedNumberNotice(7, 7)).toBeNull();
  });
});
