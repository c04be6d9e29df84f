/**
 * Business dates (YYYY-MM-DD) in Dubai, which is UTC+4 all year (no daylight saving). A business date is a
 * calendar date, not an instant: the arithmetic below runs on UTC midnights so no local time zone ever applies.
 * Pure (no imports): the decider, the controller and the browser's availability chart share it.
 */

const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is the text a real calendar date, YYYY-MM-DD? */
export function isBusinessDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.getUTCFullYear() === Number(m[1]) && at.getUTCMonth() === Number(m[2]) - 1 && at.getUTCDate() === Number(m[3]);
}

function utcMidnight(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a business date: '${date}'`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

const fromUtcMidnight = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Today's date in Dubai at the instant `now`. */
export function dubaiToday(now: Date = new Date()): string {
  return fromUtcMidnight(now.getTime() + DUBAI_OFFSET_MS);
}

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  return fromUtcMidnight(utcMidnight(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** The ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(utcMidnight(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** `days` consecutive dates from `from`. */
export function dateSeries(from: string, days: number): string[] {
  return Array.from({ length: Math.max(0, days) }, (_, i) => addDays(from, i));
}

/** 'YYYY-MM-DD' → 'YYYYMMDD' (the part of a departure's stream id that names its date). */
export const compactDate = (date: string): string => date.replaceAll('-', '');
