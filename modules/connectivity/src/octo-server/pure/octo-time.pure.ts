/**
 * OCTO's times for our departures. Our business dates and slot times are Dubai wall time (UTC+4, no daylight
 * saving), so a local date-time is the date, the time and '+04:00'; instants are UTC written without
 * milliseconds ('2026-11-28T10:30:00Z'), as the standard's examples show them. Pure.
 */

export const OCTO_TIME_ZONE = 'Asia/Dubai';
const OFFSET = '+04:00';
const DUBAI_OFFSET_MS = 4 * 3_600_000;

const two = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight → 'HH:MM' (24:00 for the end of the day). */
export const hhmm = (minutes: number): string => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

/** The date `days` later, on UTC midnights so no local time zone applies. */
export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A Dubai wall time on a business date as OCTO writes it: '2026-11-28T19:30:00+04:00'; past midnight rolls to the next day. */
export function localDateTime(date: string, minutes: number): string {
  const day = plusDays(date, Math.floor(minutes / 1440));
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${day}T${hhmm(m)}:00${OFFSET}`;
}

/** The instant of a Dubai wall time on a business date. */
export function dubaiInstantOf(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + minutes * 60_000 - DUBAI_OFFSET_MS);
}

/** An instant as OCTO writes it: UTC, seconds precision, 'Z'. */
export const utc = (at: Date | string): string => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * An availability id: the local start as OCTO suppliers usually write it, and when two of an option's slots start
 * at the same minute of a date, the later ones carry their slot: '2026-11-28T19:30:00+04:00#s12'.
 */
export function availabilityId(date: string, startMinutes: number, slotId: number | null): string {
  return `${localDateTime(date, startMinutes)}${slotId === null ? '' : `#s${slotId}`}`;
}

export interface ParsedAvailabilityId {
  date: string;
  startMinutes: number;
  slotId: number | null;
}

/** The date, start and (when written) slot of an availability id; null for anything else. */
export function parseAvailabilityId(id: unknown): ParsedAvailabilityId | null {
  if (typeof id !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):00\+04:00(?:#s(\d{1,10}))?$/.exec(id);
  if (!m) return null;
  const [, date, h, min, slot] = m;
  const hours = Number(h);
  const minutes = Number(min);
  if (hours > 23 || minutes > 59 || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) return null;
  return { date: date!, startMinutes: hours * 60 + minutes, slotId: slot ? Number(slot) : null };
}

/** Today in Dubai at the instant `now`. */
export const dubaiDate = (now: Date): string => new Date(now.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
