import { formatMoney } from '../format/number';

/** The next count of a people counter: whole, never below its minimum (if given, else 0), never above its maximum (if given). */
export function clampPeople(next: number, min?: number, max?: number): number {
  const floor = min ?? 0;
  let n = Number.isFinite(next) ? Math.trunc(next) : floor;
  if (n < floor) n = floor;
  if (max !== undefined && n > max) n = Math.max(floor, max);
  return n;
}

export const canDecrement = (value: number, min?: number): boolean => value > (min ?? 0);
export const canIncrement = (value: number, max?: number): boolean => max === undefined || value < max;

/**
 * How a − or + button is off. Off for good (the whole counter is): natively disabled. Off at its limit: aria-disabled
 * only, so it keeps the focus. A button the user just pressed to reach the limit would otherwise drop the focus to
 * <body> (a screen reader loses its place, the next Tab starts from the top); moving the focus elsewhere instead
 * would make the next Enter do something else (the other button steps back, the count input submits a form).
 */
export function stepButtonState(canStep: boolean, counterDisabled: boolean | undefined): { disabled: boolean; ariaDisabled: true | undefined } {
  return { disabled: !!counterDisabled, ariaDisabled: !counterDisabled && !canStep ? true : undefined };
}

/** The counter's price label: 2 decimals and AED (spec 01 §9). */
export const formatAed = (amount: number, currency = 'AED'): string => `${formatMoney(amount)} ${currency}`;

/** Total price of `count` people at `unitPrice` each, rounded to cents. */
export const peopleTotal = (count: number, unitPrice: number): number => Math.round(count * unitPrice * 100) / 100;
