/** Number inputs and money display. */
import i18n from 'i18next';

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

/** The Intl locale numbers are shown in for an interface language: ru groups with spaces and uses a decimal comma. */
export const numberLocale = (lang: string | undefined): string => (lang?.toLowerCase().startsWith('ru') ? 'ru-RU' : 'en-US');

/** A number as a field shows it while typed ('3.65'), with the language's decimal separator ('3,65' in ru). */
export const decimalText = (text: string, lang: string | undefined): string => (numberLocale(lang) === 'ru-RU' ? text.replace('.', ',') : text);

// Read at each call rather than passed in, so the dozens of table columns and labels that show money follow a
// language switch without each of them knowing the language; before i18n is initialised (unit tests) it is en.
const interfaceLanguage = (): string | undefined => i18n.resolvedLanguage ?? i18n.language;

// Building an Intl.NumberFormat costs far more than formatting with one, and a table formats every cell.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string | undefined, minDecimals: number, maxDecimals: number): Intl.NumberFormat {
  const locale = numberLocale(lang);
  const key = `${locale}|${minDecimals}|${maxDecimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    formats.set(key, format);
  }
  return format;
}

/**
 * Money with 2 decimals and thousands separators in the interface language (display only: Excel and the server
 * get plain numbers): 1234.5 → '1,234.50' in en, '1 234,50' in ru (the gap is a no-break space).
 */
export const formatMoney = (n: number, lang: string | undefined = interfaceLanguage()): string => numberFormat(lang, 2, 2).format(Number.isFinite(n) ? n : 0);

/** A number with thousands separators and at most `maxDecimals` decimals in the interface language: 20000 → '20,000' / '20 000'. */
export const formatNumber = (n: number, maxDecimals = 2, lang: string | undefined = interfaceLanguage()): string =>
  numberFormat(lang, 0, maxDecimals).format(Number.isFinite(n) ? n : 0);

/**
 * Money as every screen writes it, the currency first and the amount by formatMoney: 'USD 80.00' ('USD 80,00' in ru).
 * (Lists, cards, dialogs and messages all go through these, so one amount never reads two ways on one screen.)
 */
export const formatUsdAmount = (n: number, lang?: string): string => `USD ${formatMoney(n, lang)}`;

/** An amount in AED, written as formatUsdAmount writes USD: 'AED 292.00' ('AED 292,00' in ru). */
export const formatAedAmount = (n: number, lang?: string): string => `AED ${formatMoney(n, lang)}`;

/** An amount in both currencies, USD first: 'USD 80.00 · AED 292.00' ('USD 80,00 · AED 292,00' in ru). */
export const formatUsdAed = (usd: number, aed: number, lang?: string): string => `${formatUsdAmount(usd, lang)} · ${formatAedAmount(aed, lang)}`;
