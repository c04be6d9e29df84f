import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { BOOKING_STATUS, bookingForDocuments } from '@tbo/booking';
import { offerForSale, type OfferForSale } from '@tbo/catalog';
import { recordedAs, type OctoBookingReservedData, type OctoEvent } from '@tbo/event-schemas';
import { businessDateInput, EVENT_STORE, fold, KNEX, lookupCache, type EventStore } from '@tbo/kernel';
import { findOctoBookingUuids, octoBookingTimes } from '@tbo/read-models';
import { DepartureSeats, type SlotForBooking } from '@tbo/scheduling';
import type { ResellerCaller } from '../../resellers/reseller-caller';
import type { Capabilities } from '../octo-capabilities';
import { OctoPickups, pickupPoint, type OctoPickupPoint } from '../catalog/octo-pickups';
import { idOf } from '../catalog/octo-catalog';
import { saleRulesOf } from '../availability/octo-availability.service';
import { availabilityIdOf, availabilityOf, closedAvailability, cutoffOf, operates, slotKeys, spanOf, type AvailabilityNow } from '../pure/octo-availability.pure';
import { badRequest, OCTO_MESSAGES } from '../pure/octo-problem.pure';
import { octoUnits, type OctoUnit } from '../pure/octo-units.pure';
import { octoBookingView, type BookedAvailability, type ReservationRead } from './octo-booking-view';
import { bookingUuid, checkBookingListQuery } from './octo-booking.inputs';
import { mustOwn, octoReservationDecider, octoReservationStream } from './octo-reservation';

/** How many bookings one list answers at most (the reseller narrows by reference or date). */
export const OCTO_LIST_LIMIT = 500;

export interface BookingListQuery {
  resellerReference?: unknown;
  supplierReference?: unknown;
  localDate?: unknown;
  localDateStart?: unknown;
  localDateEnd?: unknown;
  productId?: unknown;
  optionId?: unknown;
}

/** A real day within the years the store takes: Date.parse alone rolls 2026-02-31 over to 3 March. */
const isDate = (v: unknown): v is string => businessDateInput('localDate').safeParse(v).success;

/** Reads reservations from their streams and answers them as OCTO Bookings; lists them through the octo_bookings read table. */
@Injectable()
export class OctoReservationReader {
  /**
   * An offer's units, group size and periods change rarely and only describe the booking (its unit items, its
   * availability as of now): a few seconds' lag is harmless.
   */
  private readonly offerOf = lookupCache({
    max: 1_000,
    ttlMs: 5_000,
    load: async (offerId: number): Promise<{ offer: OfferForSale | null; units: OctoUnit[] }> => {
      const offer = (await offerForSale(this.store, offerId)) ?? null;
      return { offer, units: offer ? octoUnits(offer.details) : [] };
    },
  });

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly db: Knex,
    private readonly seats: DepartureSeats,
    private readonly pickups: OctoPickups,
  ) {}

  async load(uuid: string): Promise<ReservationRead> {
    const events = recordedAs<OctoEvent>(await this.store.readStream(octoReservationStream(uuid)));
    const at = (type: OctoEvent['type']) => events.find((e) => e.type === type)?.recordedAt ?? null;
    return {
      state: fold(octoReservationDecider, events),
      createdAt: events[0]?.recordedAt ?? new Date(0),
      updatedAt: events.at(-1)?.recordedAt ?? new Date(0),
      confirmedAt: at('OctoBookingConfirmed'),
      cancelledAt: at('OctoBookingCancelled'),
    };
  }

  /** The caller's reservation; another reseller's or an unknown uuid is INVALID_BOOKING_UUID alike. */
  async owned(caller: ResellerCaller, rawUuid: unknown): Promise<{ uuid: string; read: ReservationRead }> {
    const uuid = bookingUuid(rawUuid);
    const read = await this.load(uuid);
    mustOwn(read.state, uuid, caller);
    return { uuid, read };
  }

  async get(caller: ResellerCaller, caps: Capabilities, rawUuid: unknown, now: Date): Promise<Record<string, unknown>> {
    return this.render((await this.owned(caller, rawUuid)).read, caps, now);
  }

  async list(caller: ResellerCaller, caps: Capabilities, q: BookingListQuery, now: Date): Promise<Record<string, unknown>[]> {
    checkBookingListQuery(q);
    const filter: Parameters<typeof findOctoBookingUuids>[1] = { supplierId: caller.supplierId, agencyId: caller.agencyId };
    let narrowed = false;
    if (typeof q.resellerReference === 'string' && q.resellerReference) {
      filter.resellerReference = q.resellerReference;
      narrowed = true;
    }
    if (typeof q.supplierReference === 'string' && q.supplierReference) {
      const id = idOf(q.supplierReference);
      if (id === null) return [];
      filter.bookingId = id;
      narrowed = true;
    }
    for (const [k, v] of [['localDate', q.localDate], ['localDateStart', q.localDateStart], ['localDateEnd', q.localDateEnd]] as const) {
      if (v !== undefined && !isDate(v)) throw badRequest(`${k}: must be a date (YYYY-MM-DD)`);
    }
    if (isDate(q.localDate)) {
      filter.localDateStart = filter.localDateEnd = q.localDate;
      narrowed = true;
    } else if (isDate(q.localDateStart) && isDate(q.localDateEnd)) {
      if (q.localDateEnd < q.localDateStart) throw badRequest(OCTO_MESSAGES.reversed);
      filter.localDateStart = q.localDateStart;
      filter.localDateEnd = q.localDateEnd;
      narrowed = true;
    }
    if (!narrowed) throw badRequest(OCTO_MESSAGES.listFilter);
    if (q.productId !== undefined) filter.tourId = idOf(q.productId) ?? -1;
    if (q.optionId !== undefined) filter.offerId = idOf(q.optionId) ?? -1;
    const uuids = await findOctoBookingUuids(this.db, filter, OCTO_LIST_LIMIT);
    const out: Record<string, unknown>[] = [];
    for (const uuid of uuids) {
      const read = await this.load(uuid);
      if (read.state.reserved) out.push(await this.render(read, caps, now));
    }
    return out;
  }

  async render(read: ReservationRead, caps: Capabilities, now: Date): Promise<Record<string, unknown>> {
    const s = read.state;
    const r = s.reserved!;
    const made = s.confirmed ? await bookingForDocuments(this.store, s.confirmed.bookingId) : null;
    const booking = made?.view ?? null;
    const { offer, units } = await this.offerOf(r.offerId);
    // The booking's date and slot once it is made: the back office may have moved it (BookingRescheduled).
    const date = booking?.date ?? r.date;
    const slot = await this.seats.slot(r.supplierId, booking?.timeSlotId ?? r.timeSlotId);
    let point: OctoPickupPoint | null = null;
    const hotelId = booking ? booking.hotelId : (s.pickup ?? r.pickup).hotelId;
    if (caps.pickups && hotelId) {
      const hotel = await this.pickups.hotel(hotelId);
      // The booking's window once it is made (it resolved it then, and again when moved); before, the slot's for the hotel.
      const timeStart = booking ? booking.pickUpTimeStart : slot && hotel ? ((await this.seats.pickUpWindow(slot, hotel.id, hotel.regionId))?.timeStart ?? null) : null;
      if (hotel) point = pickupPoint(hotel, timeStart === null ? undefined : { date, timeStart });
    }
    const booked = await this.bookedAvailability(r, offer, slot, date);
    // The booking's fold leaves these times out; the read table keeps them (a moment behind the booking's stream).
    const times = booking && (s.confirmed?.pending || booking.status === BOOKING_STATUS.cancelled) ? await octoBookingTimes(this.db, { uuid: r.uuid, supplierId: r.supplierId, agencyId: r.agencyId }) : null;
    const availability = await this.availabilityNow(r, offer, slot, date, now);
    return octoBookingView(read, { booking, bookingChangedAt: made ? new Date(made.changedAt) : null, units, pickupPoint: point, booked, availability, supplierConfirmedAt: times?.confirmedAt ?? null, bookingCancelledAt: times?.cancelledAt ?? null }, caps, now);
  }

  /**
   * The availability the booking is on: the reserved one as recorded, or, once the back office moved it, the id and
   * span of its new date and slot among the option's slots (named as the availability check names them).
   */
  private async bookedAvailability(r: OctoBookingReservedData, offer: OfferForSale | null, slot: SlotForBooking | null, date: string): Promise<BookedAvailability> {
    const asReserved = { availabilityId: r.availabilityId, localDateTimeStart: r.localDateTimeStart, localDateTimeEnd: r.localDateTimeEnd, allDay: r.allDay, openingHours: r.openingHours };
    if (!slot || (date === r.date && slot.timeSlotId === r.timeSlotId)) return asReserved;
    const live = offer ? [...(await this.seats.slots(r.supplierId, offer.details.timeSlots)).values()].filter((x) => !x.isDeleted) : [];
    const keys = slotKeys(live.some((x) => x.timeSlotId === slot.timeSlotId) ? live : [...live, slot]);
    return { availabilityId: availabilityIdOf(slot, keys, date), ...spanOf(slot, date) };
  }

  /** The booked slot's availability item as the availability check would answer it now; closed once it no longer sells. */
  private async availabilityNow(r: OctoBookingReservedData, offer: OfferForSale | null, slot: SlotForBooking | null, date: string, now: Date): Promise<AvailabilityNow> {
    const maxUnits = offer?.details.maxNumOfPeople ?? null;
    if (!slot || !offer || offer.isDeleted || !operates(slot, date, saleRulesOf(offer, now))) {
      return closedAvailability(slot ? cutoffOf(slot, date) : new Date(Date.parse(r.localDateTimeStart)), maxUnits);
    }
    const seats = await this.seats.seats({ slot, date, now });
    const item = availabilityOf({ slot, keys: slotKeys([slot]), date, seats: { capacity: seats.capacity, left: seats.left, closed: seats.closed }, now, maxUnits: offer.details.maxNumOfPeople });
    return { utcCutoffAt: item.utcCutoffAt, available: item.available, status: item.status, vacancies: item.vacancies, capacity: item.capacity, maxUnits: item.maxUnits };
  }
}
