import { canDecrement, canIncrement, clampPeople, formatAed, peopleTotal, stepButtonState } from './people-counter.logic';

describe('people counter', () => {
  it('cannot go below its minimum when given, nor below 0', () => {
    expect(clampPeople(0, 1)).toBe(1);
    expect(clampPeople(-3)).toBe(0);
    expect(clampPeople(4, 2)).toBe(4);
    expect(clampPeople(12, 1, 10)).toBe(10);
    expect(clampPeople(2.7)).toBe(2);
    expect(canDecrement(1, 1)).toBe(false);
    expect(canDecrement(2, 1)).toBe(true);
    expect(canDecrement(0)).toBe(false);
    expect(canIncrement(10, 10)).toBe(false);
    expect(canIncrement(10)).toBe(true);
  });

  it('shows the price with 2 decimals and AED', () => {
    expect(formatAed(120)).toBe('120.00 AED');
    expect(formatAed(peopleTotal(3, 99.999))).toBe('300.00 AED');
    expect(peopleTotal(3, 45.5)).toBe(136.5);
  });

  it('keeps a button at its limit focusable (aria-disabled), and disables it only with the whole counter', () => {
    // 'Fewer' pressed from 2 to the minimum 1: still focusable, so the focus does not drop to <body>.
    expect(stepButtonState(canDecrement(1, 1), false)).toEqual({ disabled: false, ariaDisabled: true });
    expect(stepButtonState(canIncrement(999, 999), undefined)).toEqual({ disabled: false, ariaDisabled: true });
    expect(stepButtonState(canDecrement(2, 1), false)).toEqual({ disabled: false, ariaDisabled: undefined });
    expect(stepButtonState(true, true)).toEqual({ disabled: true, ariaDisabled: undefined });
    expect(stepButtonState(false, true)).toEqual({ disabled: true, ariaDisabled: undefined });
  });
});
