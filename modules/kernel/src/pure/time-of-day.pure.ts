/**
 * Times of day as HH:MM and as minutes after midnight, for the server (itinerary stops, time slots, pick-up
 * windows) and the browser's HH:MM input (spec 01 §5): hour 00-23, minute 00-59, a wrong character reverts to
 * the previous value, the colon is inserted automatically, at most 5 characters. A time that cannot be read
 * is 0:0. Pure (no imports): the web client imports this very file.
 */

export interface TimeParts {
  hours: number;
  minutes: number;
}

export const TIME_MAX_LENGTH = 5;

/** Could `s` still grow into a valid HH:MM? Checks each character present against its position. */
export function isTimePrefix(s: string): boolean {
  if (s.length > TIME_MAX_LENGTH) return false;
  const rules: ((c: string) => boolean)[] = [
    (c) => c >= '0' && c <= '2',
    (c) => /\d/.test(c) && (s[0] !== '2' || c <= '3'),
    (c) => c === ':',
    (c) => c >= '0' && c <= '5',
    (c) => /\d/.test(c),
  ];
  return [...s].every((c, i) => rules[i]!(c));
}

/**
 * The next text of a time input, from the text before the keystroke (`prev`) and the text the browser
 * proposes (`next`). Typed or pasted digits get their colon ('1230' → '12:30', '12' → '12:'); a single
 * hour digit that cannot start a two-digit hour is padded ('7' → '07:'); anything else invalid keeps `prev`.
 */
export function applyTimeInput(prev: string, next: string): string {
  if (next === '') return '';
  const growing = next.length > prev.length;
  let s = next;
  if (/^\d{3,4}$/.test(s)) s = `${s.slice(0, 2)}:${s.slice(2)}`;
  else if (/^\d:/.test(s)) s = `0${s}`;
  else if (/^[3-9]$/.test(s)) s = `0${s}`;
  if (!isTimePrefix(s)) return prev;
  if (growing && /^\d{2}$/.test(s)) s += ':';
  return s;
}

/** True for a complete HH:MM within range. */
export const isCompleteTime = (s: string): boolean => s.length === TIME_MAX_LENGTH && isTimePrefix(s);

/** 'H:MM' / 'HH:MM' → parts; anything unreadable or out of range → 0:0. */
export function parseTime(s: string | null | undefined): TimeParts {
  const m = /^(\d{1,2}):(\d{1,2})$/.exec((s ?? '').trim());
  if (!m) return { hours: 0, minutes: 0 };
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  return hours <= 23 && minutes <= 59 ? { hours, minutes } : { hours: 0, minutes: 0 };
}

/** 'HH:MM' → minutes after midnight (0 when unreadable). */
export function timeToMinutes(s: string | null | undefined): number {
  const { hours, minutes } = parseTime(s);
  return hours * 60 + minutes;
}

/** Minutes after midnight → 'HH:MM' (wraps at 24 hours; non-numbers give 00:00). */
export function minutesToTime(total: number | null | undefined): string {
  const n = Number.isFinite(total) ? Math.trunc(total as number) : 0;
  const m = ((n % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export const MINUTES_PER_DAY = 1440;

/** A minute of the day as a form sent it: a whole number 0..1439; anything else reads as 0 (the screen's 0:0). */
export function minuteOfDay(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < MINUTES_PER_DAY ? value : 0;
}

/**
 * A time of day that ends before it starts (14:00–10:00) ends the next day: an overnight tour. Not refused, since
 * overnight camps and cruises are sold; screens say '+1 day' so it is not read as a typing slip.
 */
export const endsNextDay = (startMinutes: number, endMinutes: number): boolean => endMinutes < startMinutes;

/** Minutes after midnight → hours and minutes (wraps at 24 hours like minutesToTime; non-numbers give 0:0). */
export function minutesToParts(total: number | null | undefined): TimeParts {
  const [hours, minutes] = minutesToTime(total).split(':').map(Number) as [number, number];
  return { hours, minutes };
}

/** Completes a partly typed time on leaving the input: '7' → '07:00', '12:' → '12:00', '12:3' → '12:30'; '' stays ''. */
export function completeTime(s: string): string {
  if (s === '' || !isTimePrefix(s)) return s === '' ? '' : s;
  const [h = '', m = ''] = s.split(':');
  const hours = h.padStart(2, '0');
  const minutes = m.padEnd(2, '0');
  return `${hours}:${minutes}`;
}
