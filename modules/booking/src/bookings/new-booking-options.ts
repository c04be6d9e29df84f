import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { EVENT_STORE, KNEX, type AuthUser, type EventStore } from '@tbo/kernel';
import { listHotels, saleableOffers, type SaleableOfferRow } from '@tbo/read-models';
import { advanceFromMinute, DepartureSeats, isDateOffered, TIME_TYPE, SLOT_TYPE, type SlotForBooking } from '@tbo/scheduling';
import { ContractBook } from '../contracts/contract-book';
import { offerPriceFields, unitPricesOf, type OfferPriceFields, type UnitPrices } from '../pure/booking-money.pure';
import { BOOKING_CLOCK, type BookingClock } from './booking-clock';
import { BookingFacts, STAFF_BOOKER_ROLES } from './booking-facts';
import { dubaiInstant, periodCovering, periodOf } from './new-booking.rules';

export interface NewBookingSlot {
  id: number;
  name: string;
  description: string;
  daysOffered: number;
  isAnyTime: boolean;
  isNoTime: boolean;
  startHour: number;
  startMinutes: number;
  endHour: number;
  endMinutes: number;
  /** Seats left on the date asked; null when no date was asked. */
  seatsLeft: number | null;
  closed: boolean;
  /**
   * The slot's minimum advance has passed on the date asked: the slot stays listed so the agent sees why it cannot
   * be chosen, rather than choosing it and being refused. False when no date was asked.
   */
  bookingClosed: boolean;
  /** The slot's minimum advance (hours). */
  closesHoursBefore: number;
  isOnRequest: boolean;
}

export interface NewBookingOffer {
  id: number;
  nameInternal: string;
  nameDisplay: string;
  numberOfHours: number;
  citiesIds: number[];
  daysOffered: number;
  childrenAllowed: boolean;
  childAge: number;
  infantsAllowed: boolean;
  infantAge: number;
  minNumOfPeople: number;
  maxNumOfPeople: number;
  isOnRequest: boolean;
  timeSlots: NewBookingSlot[];
}

export interface NewBookingTour {
  id: number;
  nameInternal: string;
  nameDisplay: string;
  offers: NewBookingOffer[];
}

/** Spec 02 §3 'Offer price for new booking': its flat fields (offerPriceFields), and `prices`, the unit prices the form computes totals from. */
export interface OfferPrice extends OfferPriceFields {
  offerId: number;
  periodStart: string;
  periodEnd: string;
  prices: UnitPrices;
}

const hhmm = (minutes: number) => ({ hour: Math.floor(minutes / 60), minutes: minutes % 60 });

/**
 * What an agent chooses from when adding a booking (spec 02 §7 'fornewbooking' calls): the hotels, the tours
 * of suppliers that contract the agency (or the staff agent's own supplier) offered on the date to the hotel's
 * city, with each slot's seats left, and the prices of the period covering the date.
 */
@Injectable()
export class NewBookingOptions {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly contracts: ContractBook,
    private readonly seats: DepartureSeats,
    private readonly facts: BookingFacts,
    @Inject(BOOKING_CLOCK) private readonly clock: BookingClock,
  ) {}

  hotels() {
    return listHotels(this.db);
  }

  /** The suppliers whose tours the caller may book: contracted ones for an agent, their own for staff agents. */
  async suppliersFor(user: AuthUser): Promise<number[]> {
    if (user.agencyId) return (await this.contracts.suppliersOf(user.agencyId)).map((c) => c.supplierId);
    if (user.supplierId && STAFF_BOOKER_ROLES.some((r) => user.roles.includes(r))) return [user.supplierId];
    return [];
  }

  async tours(user: AuthUser, q: { hotelId?: number; date?: string }): Promise<NewBookingTour[]> {
    const offers = await saleableOffers(this.db, await this.suppliersFor(user));
    const hotel = q.hotelId ? await this.db('hotels').select('city_id as cityId').where({ id: q.hotelId }).first<{ cityId: number } | undefined>() : undefined;
    const bySupplier = new Map<number, number[]>();
    for (const o of offers) bySupplier.set(o.supplierId, [...(bySupplier.get(o.supplierId) ?? []), ...o.details.timeSlots]);
    const slots = new Map<number, SlotForBooking>();
    for (const [supplierId, ids] of bySupplier) for (const [id, s] of await this.seats.slots(supplierId, ids)) slots.set(id, s);

    const tours = new Map<number, NewBookingTour>();
    for (const o of offers) {
      if (q.date && !this.coversDate(o, q.date)) continue;
      // An offer without origin cities is sold from everywhere.
      if (hotel && o.details.origin.length > 0 && !o.details.origin.includes(hotel.cityId)) continue;
      const offerSlots = await this.slotsOf(o, slots, q.date);
      if (o.details.timeSlots.length > 0 && offerSlots.length === 0) continue;
      const tour = tours.get(o.tourId) ?? { id: o.tourId, nameInternal: o.tourNameInternal, nameDisplay: o.tourNameDisplay, offers: [] };
      tour.offers.push({
        id: o.id,
        nameInternal: o.nameInternal,
        nameDisplay: o.nameDisplay,
        numberOfHours: o.details.numberOfHours,
        citiesIds: o.details.origin,
        daysOffered: offerSlots.reduce((mask, s) => mask | (s.daysOffered || 0x7f), 0),
        childrenAllowed: o.details.childrenAllowed,
        childAge: o.details.childAge,
        infantsAllowed: o.details.infantsAllowed,
        infantAge: o.details.infantAge,
        minNumOfPeople: o.details.minNumOfPeople,
        maxNumOfPeople: o.details.maxNumOfPeople,
        isOnRequest: o.details.bookingType === 0,
        timeSlots: offerSlots,
      });
      tours.set(o.tourId, tour);
    }
    return [...tours.values()];
  }

  /** periodCovering's rule, so the list offers exactly the dates a booking prices. */
  private coversDate(o: SaleableOfferRow, date: string): boolean {
    return periodOf(o.validPeriods, date) !== null;
  }

  private async slotsOf(o: SaleableOfferRow, slots: Map<number, SlotForBooking>, date?: string): Promise<NewBookingSlot[]> {
    const out: NewBookingSlot[] = [];
    const now = this.clock().getTime();
    for (const id of o.details.timeSlots) {
      const s = slots.get(id);
      if (!s || s.isDeleted) continue;
      if (date && !isDateOffered(s.daysOffered, date)) continue;
      const view = date ? await this.seats.seats({ slot: s, date }) : null;
      const start = hhmm(s.startTime);
      const end = hhmm(s.endTime);
      // The same cut-off decideSchedule refuses a booking by, so the list never offers what booking would refuse.
      const closesAt = date ? dubaiInstant(date, advanceFromMinute(s)).getTime() - s.minimumAdvancedBooking * 3_600_000 : null;
      out.push({
        id,
        name: s.name,
        description: s.timeType === TIME_TYPE.fixed ? `${String(start.hour).padStart(2, '0')}:${String(start.minutes).padStart(2, '0')}` : '',
        daysOffered: s.daysOffered,
        isAnyTime: s.timeType === TIME_TYPE.anytime,
        isNoTime: s.timeType === TIME_TYPE.noTime,
        startHour: start.hour,
        startMinutes: start.minutes,
        endHour: end.hour,
        endMinutes: end.minutes,
        seatsLeft: view ? (view.closed ? 0 : view.left) : null,
        closed: view?.closed ?? false,
        bookingClosed: closesAt !== null && now > closesAt,
        closesHoursBefore: s.minimumAdvancedBooking,
        isOnRequest: s.type === SLOT_TYPE.onRequest,
      });
    }
    return out.sort((a, b) => a.startHour * 60 + a.startMinutes - (b.startHour * 60 + b.startMinutes) || a.name.localeCompare(b.name));
  }

  /** The slots one of the supplier's offers sells on a date, with seats left (an operator moving a booking). */
  async slotsOfOffer(supplierId: number, offerId: number, date: string): Promise<NewBookingSlot[]> {
    const row = (await saleableOffers(this.db, [supplierId])).find((o) => o.id === offerId);
    if (!row) return [];
    return this.slotsOf(row, await this.seats.slots(supplierId, row.details.timeSlots), date);
  }

  /** The prices of each offer of the tour on the date (from the offer's stream), at the caller's commission. */
  async prices(user: AuthUser, q: { tourId: number; date: string; offerId?: number }): Promise<OfferPrice[]> {
    const allowed = new Set(await this.suppliersFor(user));
    const rows = (await saleableOffers(this.db, [...allowed], q.tourId)).filter((o) => !q.offerId || o.id === q.offerId);
    const out: OfferPrice[] = [];
    for (const row of rows) {
      const offer = await this.facts.offer(row.id);
      const period = periodCovering(offer, q.date);
      if (!period) continue;
      const commission = user.agencyId ? ((await this.contracts.contractOf(offer.supplierId, user.agencyId))?.commission ?? null) : null;
      const prices = unitPricesOf(period, commission);
      out.push({ offerId: row.id, periodStart: period.periodStart, periodEnd: period.periodEnd, ...offerPriceFields(prices), prices });
    }
    return out;
  }
}
