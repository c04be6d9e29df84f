import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';
import { hotelShown } from '../../app/bookings/hotel-shown';

/**
 * What the booking confirmation shows (spec 02 §2 Booking confirmation): its title by status, times as HH:MM,
 * the document links. Pure, unit-tested in booking-details.logic.spec.ts.
 */

/** A route id that is a positive whole number, else null (spec 02 §2: an unparsable id goes to the bookings list). */
export function bookingIdOf(segment: string | undefined): number | null {
  if (!segment || !/^\d+$/.test(segment.trim())) return null;
  const id = Number(segment.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type TitleKey = 'confirmed' | 'pending' | 'cancelled' | 'declined' | 'completed';

/** 'Booking confirmed #{id}', or pending / cancelled / completed by the booking's status. */
export function titleKeyOf(status: number): TitleKey {
  if (status === BOOKING_STATUS.pending) return 'pending';
  if (status === BOOKING_STATUS.cancelled) return 'cancelled';
  if (status === BOOKING_STATUS.completed) return 'completed';
  return 'confirmed';
}

/** The page's heading key: by status once the booking is read; neutral ('Booking #{id}') while it loads or when it could not be read. */
export const headingKeyOf = (status: number | undefined, declined = false): TitleKey | 'booking' => (status === undefined ? 'booking' : declined ? 'declined' : titleKeyOf(status));

/** A booking that can still be cancelled by the agent. */
export const isCancellable = (status: number): boolean => status !== BOOKING_STATUS.cancelled && status !== BOOKING_STATUS.completed;

/** A time as HH:MM, and a slot's or pick-up window's hours: the shared day formats, by this page's names. */
export { clockText as clock, timeRange as timeWindow } from '../../ui/format/day-format';

/** Where the guest is picked up: the hotel (or the name typed for one not listed), its region, the room. */
export function placeOf(b: { hotelName: string; customHotelName: string; regionName: string }, noHotel: string): string {
  const hotel = hotelShown(b, noHotel);
  return [hotel, b.regionName].filter(Boolean).join(', ');
}

/**
 * A refused cancel, as the dialog shows it. A 409 means the version sent was stale (someone changed the booking):
 * the page reads it again so the next try sends the current version, and says so instead of the server's 'Reload'.
 * Duck-typed on ApiError's code, title and message (lib/api-client is not loadable in the unit tests).
 */
export function cancelFailure(err: unknown, staleMessage: string): { message: string; reload: boolean } {
  const e = err !== null && typeof err === 'object' ? (err as { code?: unknown; title?: unknown; message?: unknown }) : null;
  if (e?.code === 409) return { message: staleMessage, reload: true };
  if (typeof e?.title === 'string' && e.title !== '') return { message: `${e.title}: ${String(e.message ?? '')}`, reload: false };
  return { message: String(err), reload: false };
}

/** Who holds the paid or collected money: the agency or the supplier have words of their own, anything else is shown as sent. */
export const holderKey = (who: string): 'agency' | 'supplier' | 'other' => {
  const w = who.trim().toLowerCase();
  return w === 'agency' || w === 'supplier' ? w : 'other';
};

export { invoicePath, voucherPath, VOUCHER_LINKS, type DocumentLang } from '../../app/documents/document-paths';
