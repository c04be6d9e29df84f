/** Number inputs and money display. */

/** Bounds of a number typed into a table cell (spec 01 §5). */
export const TABLE_NUMBER_MIN = 0;
export const TABLE_NUMBER_MAX = 9999;

/** Numeric text (digits, one optional decimal point) or empty: what a number filter input accepts. */
export const isNumericText = (s: string): boolean => s === '' || /^\d+(\.\d*)?$/.test(s);

/** The next text of a number filter input: numeric text or empty, otherwise the previous text. */
export function applyNumericFilterInput(prev: string, next: string): string {
  const s = next.trim();
  return isNumericText(s) ? s : prev;
}

export interface NumberBounds {
  min?: number;
  max?: number;
  /** Allowed decimals; 0 means whole numbers only. Default 2. */
  decimals?: number;
}

/**
 * The next text of a bounded number input (a table number field is 0-9999 by default): empty stays empty,
 * non-numeric text keeps the previous text, more decimals than allowed keep the previous text, and a value
 * beyond the bounds that more typing cannot fix is clamped to them.
 */
export function applyBoundedNumberInput(prev: string, next: string, bounds: NumberBounds = {}): string {
  const { min = TABLE_NUMBER_MIN, max = TABLE_NUMBER_MAX, decimals = 2 } = bounds;
  const s = next.trim().replace(',', '.');
  if (s === '') return '';
  const allowNegative = min < 0;
  const pattern = decimals > 0 ? new RegExp(`^${allowNegative ? '-?' : ''}\\d*(\\.\\d{0,${decimals}})?$`) : new RegExp(`^${allowNegative ? '-?' : ''}\\d*$`);
  if (!pattern.test(s)) return prev;
  if (s === '-') return s;
  if (s === '.' || s === '-.') return prev;
  const n = Number(s);
  if (!Number.isFinite(n)) return prev;
  // More digits only move a number further from zero: a positive number past the maximum (or a negative
  // one past the minimum) can never come back, so it is clamped now; one short of the minimum may still
  // grow into range and is clamped on blur (clampNumber).
  if (n > max && n >= 0) return String(max);
  if (n < min && n < 0) return String(min);
  // Drop leading zeros ('007' → '7') but keep '0.5'.
  return s.replace(/^(-?)0+(?=\d)/, '$1');
}

/** Clamps a number into bounds; NaN becomes the minimum. */
export function clampNumber(n: number, min = TABLE_NUMBER_MIN, max = TABLE_NUMBER_MAX): number {
  if (Number.isNaN(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/** Text of a number input → number, or null when empty or unreadable. */
export function parseNumberText(s: string | null | undefined): number | null {
  const t = (s ?? '').trim().replace(',', '.');
  if (t === '' || t === '-' || t === '.') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money with 2 decimals and thousands separators: 1234.5 → '1,234.50'. */
export const formatMoney = (n: number): string => moneyFormat.format(Number.isFinite(n) ? n : 0);
