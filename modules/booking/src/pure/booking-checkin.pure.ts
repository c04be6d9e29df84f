import type { BookingCheckInData } from '@tbo/event-schemas';

/**
 * A guest's check-in on the day: redeemed (came, the voucher was used) or a no-show, with who recorded it and
 * when. Pure (shared with the documents module and the browser).
 */
export type CheckInKind = 'redeemed' | 'noShow';

export interface BookingCheckIn {
  kind: CheckInKind;
  /** The instant it was recorded (UTC ISO). */
  at: string;
  byUserId: string;
  byName: string;
}

export const checkInOf = (kind: CheckInKind, d: BookingCheckInData): BookingCheckIn => ({ kind, at: d.at, byUserId: d.byUserId, byName: d.byName });

/** An instant as Dubai wall time (UTC+4, no daylight saving), DD.MM.YYYY HH:MM. */
export function dubaiWallTime(isoInstant: string): string {
  const at = new Date(Date.parse(isoInstant) + 4 * 3600_000).toISOString();
  return `${at.slice(8, 10)}.${at.slice(5, 7)}.${at.slice(0, 4)} ${at.slice(11, 16)}`;
}

/** An instant's Dubai date, YYYY-MM-DD. */
export const dubaiDateOf = (at: Date): string => new Date(at.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

/**
 * Whether a guest may be checked in (or marked a no-show) at `at`: not before the tour's day in Dubai, when the
 * guest cannot have come yet (a scan of a voucher days ahead is a mistake, and it would block the refund policy's
 * cancellation). Any time after, so a late record can still be made.
 */
export const checkInOpen = (date: string, at: Date): boolean => dubaiDateOf(at) >= date;

export const CHECKIN_MESSAGES = {
  notYet: (date: string) => `Check-in opens on the day of the tour, ${date.split('-').reverse().join('.')}.`,
  alreadyRedeemed: (c: Pick<BookingCheckIn, 'at' | 'byName'>) => `This booking was already redeemed at ${dubaiWallTime(c.at)} by ${c.byName}.`,
  alreadyNoShow: (c: Pick<BookingCheckIn, 'at' | 'byName'>) => `This booking was already marked as a no-show at ${dubaiWallTime(c.at)} by ${c.byName}.`,
  cancelled: 'The booking is cancelled: the guest cannot be checked in.',
  pending: 'The booking is not confirmed yet: confirm it before checking the guest in.',
} as const;
