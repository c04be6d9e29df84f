import type { BookingView } from '@tbo/booking';
import type { OctoContactData } from '@tbo/event-schemas';
import type { Capabilities } from '../octo-capabilities';
import type { OctoPickupPoint } from '../catalog/octo-pickups';
import type { AvailabilityNow } from '../pure/octo-availability.pure';
import { bookingPricing, unitPricing } from '../pure/octo-pricing.pure';
import { utc } from '../pure/octo-time.pure';
import { countUnits, type OctoUnit } from '../pure/octo-units.pure';
import { isExpired, type ReservationState } from './octo-reservation';

/**
 * An OCTO Booking answer from the reservation's stream and, once confirmed, its booking's: the booking is the
 * authority on what happened since (confirmed or declined by the supplier, cancelled in the back office,
 * redeemed at check-in) and on the money it was sold for.
 */
export type OctoBookingStatus = 'ON_HOLD' | 'EXPIRED' | 'CONFIRMED' | 'CANCELLED' | 'PENDING' | 'REDEEMED';

export interface ReservationRead {
  state: ReservationState;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
}

export interface ViewFacts {
  /** The confirmed booking as its stream has it now; null before confirmation. */
  booking: BookingView | null;
  /** The option's units, for each unit item's `unit`. */
  units: OctoUnit[];
  /** The pick-up point chosen, with the day's pick-up time when known. */
  pickupPoint: OctoPickupPoint | null;
  /** The booked availability's seats and cutoff as they stand now (the stream keeps only its span). */
  availability: AvailabilityNow;
}

const CANCELLED = 4;
const PENDING = 1;

export function statusOf(read: ReservationRead, booking: BookingView | null, now: Date): OctoBookingStatus {
  const s = read.state;
  if (s.cancelled) return 'CANCELLED';
  if (s.confirmed) {
    if (booking?.status === CANCELLED) return 'CANCELLED';
    if (booking?.checkIn?.kind === 'redeemed') return 'REDEEMED';
    if (booking) return booking.status === PENDING ? 'PENDING' : 'CONFIRMED';
    return s.confirmed.pending ? 'PENDING' : 'CONFIRMED';
  }
  return isExpired(s, now) ? 'EXPIRED' : 'ON_HOLD';
}

/** FULL, PARTIAL or NONE from the part of the total a cancellation kept. */
export const refundOf = (penaltyPercent: number): 'FULL' | 'PARTIAL' | 'NONE' => (penaltyPercent <= 0 ? 'FULL' : penaltyPercent >= 100 ? 'NONE' : 'PARTIAL');

const emptyContact = (): OctoContactData => ({ fullName: null, firstName: null, lastName: null, emailAddress: null, phoneNumber: null, locales: [], postalCode: null, country: null, notes: null });

export function octoBookingView(read: ReservationRead, facts: ViewFacts, caps: Capabilities, now: Date): Record<string, unknown> {
  const s = read.state;
  const r = s.reserved!;
  const booking = facts.booking;
  const status = statusOf(read, booking, now);
  const redeemedAt = booking?.checkIn?.kind === 'redeemed' ? utc(booking.checkIn.at) : null;
  const cancellation =
    status !== 'CANCELLED'
      ? null
      : s.cancelled
        ? { refund: s.cancelled.refund, reason: s.cancelled.reason, utcCancelledAt: utc(read.cancelledAt ?? read.updatedAt) }
        : {
            refund: booking?.declineReason !== null && booking?.declineReason !== undefined ? 'FULL' : refundOf(booking?.cancellation?.penaltyPercent ?? 0),
            reason: booking?.declineReason ?? booking?.cancellation?.reason ?? null,
            utcCancelledAt: utc(booking?.cancellation?.at ?? read.updatedAt),
          };
  const startsAt = booking ? Date.parse(booking.startsAt) : Date.parse(r.localDateTimeStart);
  const prices = booking?.prices ?? r.prices;
  const counts = countUnits(s.unitItems.map((u) => u.unitId));
  const unitStatus = status;
  const answer: Record<string, unknown> = {
    id: String(r.bookingId),
    uuid: r.uuid,
    testMode: false,
    resellerReference: s.resellerReference,
    supplierReference: String(r.bookingId),
    status,
    utcCreatedAt: utc(read.createdAt),
    utcUpdatedAt: utc(read.updatedAt),
    utcExpiresAt: status === 'ON_HOLD' || status === 'EXPIRED' ? utc(s.expiresAt!) : null,
    utcRedeemedAt: redeemedAt,
    utcConfirmedAt: read.confirmedAt ? utc(read.confirmedAt) : null,
    productId: String(r.tourId),
    optionId: String(r.offerId),
    cancellable: (status === 'ON_HOLD' || status === 'CONFIRMED' || status === 'PENDING') && now.getTime() < startsAt,
    cancellation,
    freesale: false,
    availabilityId: r.availabilityId,
    availability: { id: r.availabilityId, localDateTimeStart: r.localDateTimeStart, localDateTimeEnd: r.localDateTimeEnd, allDay: r.allDay, openingHours: r.openingHours, ...facts.availability },
    contact: s.contact ?? emptyContact(),
    notes: s.notes,
    deliveryMethods: ['VOUCHER'],
    voucher: s.confirmed ? { redemptionMethod: 'MANIFEST', utcRedeemedAt: redeemedAt, deliveryOptions: [] } : null,
    unitItems: s.unitItems.map((u) => {
      const item: Record<string, unknown> = {
        uuid: u.uuid,
        resellerReference: u.resellerReference,
        supplierReference: null,
        unitId: u.unitId,
        unit: facts.units.find((x) => x.id === u.unitId) ?? null,
        status: unitStatus,
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
    const p = s.pickup ?? r.pickup;
    Object.assign(answer, { pickupRequested: p.requested, pickupPointId: p.hotelId ? String(p.hotelId) : null, pickupHotel: p.hotelName, pickupHotelRoom: p.room, pickupPoint: facts.pickupPoint });
  }
  return answer;
}
