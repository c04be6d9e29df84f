import type { BookingView } from '@tbo/booking';
import type { OctoContactData, OctoPickupData } from '@tbo/event-schemas';
import type { Capabilities } from '../octo-capabilities';
import type { OctoPickupPoint } from '../catalog/octo-pickups';
import { freeCancellationHours } from '../catalog/octo-products';
import type { AvailabilityNow, OpeningHours } from '../pure/octo-availability.pure';
import { bookingPricing, unitPricing } from '../pure/octo-pricing.pure';
import { utc } from '../pure/octo-time.pure';
import { unitItemsFor } from '../pure/octo-unit-items.pure';
import { countUnits, type OctoUnit } from '../pure/octo-units.pure';
import { confirmationOf } from './octo-booking-made';
import { isExpired, type ReservationState } from './octo-reservation';

/**
 * An OCTO Booking answer from the reservation's stream and, once confirmed, its booking's: the booking is the
 * authority on what happened since (confirmed or declined by the supplier, cancelled, moved to another date, slot
 * or counts and priced again, its guest amended in the back office, redeemed at check-in) and on the money it was
 * sold for. The reservation keeps what only the reseller says: its reference, the rest of the contact, notes.
 */
export type OctoBookingStatus = 'ON_HOLD' | 'EXPIRED' | 'CONFIRMED' | 'CANCELLED' | 'PENDING' | 'REDEEMED' | 'REJECTED';

export interface ReservationRead {
  state: ReservationState;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
}

/** The availability a booking is on now: the reserved one, or the one the back office moved it to. */
export interface BookedAvailability {
  availabilityId: string;
  localDateTimeStart: string;
  localDateTimeEnd: string;
  allDay: boolean;
  openingHours: OpeningHours[];
}

export interface ViewFacts {
  /** The confirmed booking as its stream has it now; null before confirmation. */
  booking: BookingView | null;
  /** When the back office (or the reseller through it) last changed that booking; null before confirmation. */
  bookingChangedAt: Date | null;
  /** The option's units, for each unit item's `unit`. */
  units: OctoUnit[];
  /** The pick-up point chosen, with the day's pick-up time when known. */
  pickupPoint: OctoPickupPoint | null;
  /** The booked availability's span (the booking's date and slot once confirmed). */
  booked: BookedAvailability;
  /** The booked availability's seats and cutoff as they stand now (the stream keeps only its span). */
  availability: AvailabilityNow;
  /** When the supplier last confirmed a booking that was PENDING (BookingConfirmed), if it did. */
  supplierConfirmedAt: Date | null;
  /** When the back office cancelled or declined the booking, once the read table has it. */
  bookingCancelledAt: Date | null;
}

const CANCELLED = 4;
const PENDING = 1;

export function statusOf(read: ReservationRead, booking: BookingView | null, now: Date): OctoBookingStatus {
  const s = read.state;
  if (s.cancelled) return 'CANCELLED';
  if (s.confirmed) {
    // A decline is the supplier refusing the request: OCTO's REJECTED, not a cancellation.
    if (booking?.status === CANCELLED) return booking.declineReason != null ? 'REJECTED' : 'CANCELLED';
    if (booking?.checkIn?.kind === 'redeemed') return 'REDEEMED';
    if (booking) return booking.status === PENDING ? 'PENDING' : 'CONFIRMED';
    return s.confirmed.pending ? 'PENDING' : 'CONFIRMED';
  }
  return isExpired(s, now) ? 'EXPIRED' : 'ON_HOLD';
}

/** FULL, PARTIAL or NONE from the part of the total a cancellation kept. */
export const refundOf = (penaltyPercent: number): 'FULL' | 'PARTIAL' | 'NONE' => (penaltyPercent <= 0 ? 'FULL' : penaltyPercent >= 100 ? 'NONE' : 'PARTIAL');

/**
 * The last instant a reseller may cancel the booking: its start less the option's cancellationCutoff (the hours of
 * the full-refund tier of the policy the booking was sold with, as the product advertises it), the start itself
 * when no tier refunds in full. Past it OCTO's cancel is refused; the back office still cancels with its policy.
 */
export const cancellationCutoffOf = (booking: Pick<BookingView, 'startsAt' | 'cancellationPolicy'>): number => Date.parse(booking.startsAt) - freeCancellationHours(booking.cancellationPolicy) * 3_600_000;

/** The last instant a reseller's cancel is taken: before the start, and not past the cutoff (cancellable says the same). */
export const lastCancelAt = (booking: Pick<BookingView, 'startsAt' | 'cancellationPolicy'>): number => Math.min(Date.parse(booking.startsAt) - 1, cancellationCutoffOf(booking));

const emptyContact = (): OctoContactData => ({ fullName: null, firstName: null, lastName: null, emailAddress: null, phoneNumber: null, locales: [], postalCode: null, country: null, notes: null });

/**
 * The contact and pick-up as they stand: the booking's guest name, phone, hotel and room (operations may amend
 * them), the rest as the reseller sent it. A name changed in the back office no longer splits into the reseller's
 * first and last name: those read null then.
 */
function guestNow(s: ReservationState, booking: BookingView | null, now: Date): { contact: OctoContactData; pickup: OctoPickupData } {
  const contact = s.contact ?? emptyContact();
  if (!booking) return { contact, pickup: s.pickup ?? s.reserved!.pickup };
  const made = confirmationOf(s, booking, contact, now);
  const renamed = booking.guestName.trim() !== (contact.fullName ?? '').trim();
  return { contact: renamed ? { ...made.contact, firstName: null, lastName: null } : made.contact, pickup: made.pickup };
}

/**
 * When the booking was confirmed: null until it is (ON_HOLD, PENDING on the supplier's answer, EXPIRED, REJECTED);
 * the supplier's confirmation of a PENDING booking when there was one, else when the reseller's confirmation made
 * it CONFIRMED at once.
 */
function confirmedAtOf(status: OctoBookingStatus, read: ReservationRead, supplierConfirmedAt: Date | null): string | null {
  if (status === 'ON_HOLD' || status === 'EXPIRED' || status === 'PENDING' || status === 'REJECTED') return null;
  const at = supplierConfirmedAt ?? (read.state.confirmed && !read.state.confirmed.pending ? read.confirmedAt : null);
  return at ? utc(at) : null;
}

export function octoBookingView(read: ReservationRead, facts: ViewFacts, caps: Capabilities, now: Date): Record<string, unknown> {
  const s = read.state;
  const r = s.reserved!;
  const booking = facts.booking;
  const status = statusOf(read, booking, now);
  const redeemedAt = booking?.checkIn?.kind === 'redeemed' ? utc(booking.checkIn.at) : null;
  const cancellation =
    status !== 'CANCELLED' && status !== 'REJECTED'
      ? null
      : s.cancelled
        ? { refund: s.cancelled.refund, reason: s.cancelled.reason, utcCancelledAt: utc(read.cancelledAt ?? read.updatedAt) }
        : {
            refund: booking?.declineReason !== null && booking?.declineReason !== undefined ? 'FULL' : refundOf(booking?.cancellation?.penaltyPercent ?? 0),
            reason: booking?.declineReason ?? booking?.cancellation?.reason ?? null,
            // The booking's fold has no time for it (an empty `at`): the read table's, or now while it is behind.
            utcCancelledAt: utc(booking?.cancellation?.at || facts.bookingCancelledAt || now),
          };
  const startsAt = booking ? Date.parse(booking.startsAt) : Date.parse(r.localDateTimeStart);
  const lastCancel = booking ? lastCancelAt(booking) : startsAt - 1;
  const prices = booking?.prices ?? r.prices;
  // Once booked, the booking's counts: operations may have changed them (unit-items choice in octo-unit-items.pure.ts).
  const counts = booking ? { adults: booking.adults, children: booking.children, infants: booking.infants } : countUnits(s.unitItems.map((u) => u.unitId));
  const unitItems = booking ? unitItemsFor(r.uuid, s.unitItems, counts) : s.unitItems;
  const { contact, pickup: p } = guestNow(s, booking, now);
  const b = facts.booked;
  const answer: Record<string, unknown> = {
    id: String(r.bookingId),
    uuid: r.uuid,
    testMode: false,
    // The reseller's own: kept on the reservation's stream (PATCH), which the booking's events have no field for.
    resellerReference: s.resellerReference,
    supplierReference: String(r.bookingId),
    status,
    utcCreatedAt: utc(read.createdAt),
    // The booking's changes (an amend, a move, a cancellation in the back office) update the OCTO booking too.
    utcUpdatedAt: utc(facts.bookingChangedAt && facts.bookingChangedAt > read.updatedAt ? facts.bookingChangedAt : read.updatedAt),
    utcExpiresAt: status === 'ON_HOLD' || status === 'EXPIRED' ? utc(s.expiresAt!) : null,
    utcRedeemedAt: redeemedAt,
    utcConfirmedAt: confirmedAtOf(status, read, facts.supplierConfirmedAt),
    productId: String(r.tourId),
    optionId: String(r.offerId),
    cancellable: (status === 'ON_HOLD' || status === 'CONFIRMED' || status === 'PENDING') && now.getTime() <= lastCancel,
    cancellation,
    freesale: false,
    availabilityId: b.availabilityId,
    availability: { id: b.availabilityId, localDateTimeStart: b.localDateTimeStart, localDateTimeEnd: b.localDateTimeEnd, allDay: b.allDay, openingHours: b.openingHours, ...facts.availability },
    contact,
    notes: s.notes,
    deliveryMethods: ['VOUCHER'],
    voucher: s.confirmed ? { redemptionMethod: 'MANIFEST', utcRedeemedAt: redeemedAt, deliveryOptions: [] } : null,
    unitItems: unitItems.map((u) => {
      const item: Record<string, unknown> = {
        uuid: u.uuid,
        resellerReference: u.resellerReference,
        supplierReference: null,
        unitId: u.unitId,
        unit: facts.units.find((x) => x.id === u.unitId) ?? null,
        status,
        utcRedeemedAt: redeemedAt,
        contact: emptyContact(),
        ticket: null,
      };
      if (caps.pricing) {
        const { unitId: _u, ...pricing } = unitPricing(prices, u.unitId, r.currency);
        item.pricing = pricing;
      }
      return item;
    }),
  };
  if (caps.pricing) answer.pricing = bookingPricing(prices, counts, r.currency);
  if (caps.pickups) {
    Object.assign(answer, { pickupRequested: p.requested, pickupPointId: p.hotelId ? String(p.hotelId) : null, pickupHotel: p.hotelName, pickupHotelRoom: p.room, pickupPoint: facts.pickupPoint });
  }
  return answer;
}
