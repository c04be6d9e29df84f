/**
 * Dates as people see them (DD.MM.YYYY) and as URLs and the API carry them (ISO YYYY-MM-DD).
 * Plain calendar dates never go through UTC, so a date never shifts by a day in another time zone.
 */

export const DATE_DISPLAY_FORMAT = 'DD.MM.YYYY';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isValidYmd(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(year, month, 0).getDate();
}

/** 'DD.MM.YYYY' (strict: two-digit day and month, four-digit year, a real calendar day) → local midnight, else null. */
export function parseDate(text: string | null | undefined): Date | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec((text ?? '').trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidYmd(year, month, day) ? new Date(year, month - 1, day) : null;
}

/** 'YYYY-MM-DD' (or an ISO date-time, read in local time) → local midnight, else null. */
export function fromIsoDate(iso: string | null | undefined): Date | null {
  const s = (iso ?? '').trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isValidYmd(year, month, day) ? new Date(year, month - 1, day) : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : new Date(d.getFullYear(), d.getMonth(), d.getDate());
  }
  return null;
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return fromIsoDate(value) ?? parseDate(value);
}

/** A Date, an ISO date ('YYYY-MM-DD' or date-time) or a display date → 'DD.MM.YYYY'; '' when it is not a date. */
export function formatDate(value: Date | string | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${pad(d.getFullYear(), 4)}` : '';
}

/** A Date, a display date ('DD.MM.YYYY') or an ISO date → 'YYYY-MM-DD' for query strings and payloads; '' when invalid. */
export function toIsoDate(value: Date | string | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/**
 * Two display dates as one short range: the first one's year goes when both share it ('29.11 – 13.12.2026'),
 * so a range fits a filter cell without hiding the end date behind an ellipsis.
 */
export function formatDateRange(from: string, to: string): string {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) return `${from} – ${to}`;
  const start = a.getFullYear() === b.getFullYear() ? from.slice(0, 5) : from;
  return `${start} – ${to}`;
}

/** Two complete display dates, the first after the second: a range of no days, which a filter does not apply. */
export function isReversedRange(from: string, to: string): boolean {
  const a = parseDate(from);
  const b = parseDate(to);
  return !!a && !!b && a.getTime() > b.getTime();
}

/** True for a complete, real 'DD.MM.YYYY' date. */
export const isValidDisplayDate = (text: string | null | undefined): boolean => parseDate(text) !== null;

/**
 * Typing mask for a DD.MM.YYYY input: digits and dots only, dots inserted after the day and the month,
 * at most 10 characters. Anything else keeps the previous text.
 */
export function applyDateInput(prev: string, next: string): string {
  if (next === '') return '';
  if (!/^[\d.]*$/.test(next)) return prev;
  const growing = next.length > prev.length;
  let s = next;
  // Pasted or typed digits only: 8 digits → DD.MM.YYYY.
  if (/^\d{5,8}$/.test(s)) s = `${s.slice(0, 2)}.${s.slice(2, 4)}.${s.slice(4)}`;
  else if (/^\d{3,4}$/.test(s)) s = `${s.slice(0, 2)}.${s.slice(2)}`;
  else if (/^\d{2}\.\d{3,6}$/.test(s)) s = `${s.slice(0, 5)}.${s.slice(5)}`;
  if (s.length > 10) return prev;
  if (!/^(\d{0,2})(\.(\d{0,2})(\.(\d{0,4}))?)?$/.test(s)) return prev;
  const [day = '', month, year] = s.split('.');
  if (day.length === 2 && (Number(day) < 1 || Number(day) > 31)) return prev;
  if (day.length === 1 && Number(day) > 3) return prev;
  if (month !== undefined && day.length !== 2) return prev;
  if (month !== undefined && month.length === 2 && (Number(month) < 1 || Number(month) > 12)) return prev;
  if (month !== undefined && month.length === 1 && Number(month) > 1) return prev;
  if (year !== undefined && month !== undefined && month.length !== 2) return prev;
  if (growing && (/^\d{2}$/.test(s) || /^\d{2}\.\d{2}$/.test(s))) s += '.';
  return s;
}

/** Whole days of a month grid (Monday first) around the given month, for a calendar. */
export function monthGrid(year: number, month0: number): Date[] {
  const first = new Date(year, month0, 1);
  const offset = (first.getDay() + 6) % 7; // Monday = 0
  const start = new Date(year, month0, 1 - offset);
  return Array.from({ length: 42 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i));
}

export const sameDay = (a: Date | null, b: Date | null): boolean =>
  !!a && !!b && a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
