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

/** The counter's price label: 2 decimals and AED (spec 01 §9). */
export const formatAed = (amount: number, currency = 'AED'): string => `${formatMoney(amount)} ${currency}`;

/** Total price of `count` people at `unitPrice` each, rounded to cents. */
export const peopleTotal = (count: number, unitPrice: number): number => Math.round(count * unitPrice * 100) / 100;
