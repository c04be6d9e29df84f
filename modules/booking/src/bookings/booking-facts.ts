import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { offerForSale, type OfferForSale } from '@tbo/catalog';
import { EVENT_STORE, ForbiddenError, KNEX, lookupCache, NotFoundError, ValidationError, type AuthUser, type EventStore, type Role } from '@tbo/kernel';
import { arrivalForBooking, findUserByEmail } from '@tbo/read-models';
import { DepartureSeats, isNoHotel, type PickUpWindow, type SlotForBooking } from '@tbo/scheduling';
import { defaultCancellationPolicyOf } from '@tbo/supplier';
import { ContractBook } from '../contracts/contract-book';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import type { Booker } from './new-booking.rules';

/** Supplier staff who book as staff agents (spec 02 §2: bookings attributed to a staff agent). */
export const STAFF_BOOKER_ROLES = ['sales', 'admin'] as const;
/** Supplier staff who run and audit every booking of the supplier (spec 02 §2 Operator bookings). */
export const OPERATOR_ROLES: Role[] = ['accounts', 'admin', 'operations'];

/** The arrival a booking is linked to, and its group: from the arrivals, never from the request. */
export interface ArrivalLink {
  arrivalId: number | null;
  groupId: number | null;
  groupInfoId: number | null;
}
const NO_ARRIVAL: ArrivalLink = { arrivalId: null, groupId: null, groupInfoId: null };

export interface HotelFacts {
  id: number;
  name: string;
  regionId: number | null;
  regionName: string;
}

/**
 * The facts a booking is decided on, each from where it is authoritative: the offer and its prices, the
 * slot, the contract and the supplier's policy from their streams; a hotel's name, a user's id and a
 * pick-up window from read tables (names and times, whose lag is harmless).
 */
/** Names and ids from read tables (see lookupCache): a few seconds old at most. */
const LOOKUP_TTL_MS = 5_000;
const LOOKUPS_KEPT = 5_000;

@Injectable()
export class BookingFacts {
  private readonly userByEmail = lookupCache({ max: LOOKUPS_KEPT, ttlMs: LOOKUP_TTL_MS, load: (email: string) => findUserByEmail(this.db, email), keep: (u) => !!u });
  private readonly hotelById = lookupCache({ max: LOOKUPS_KEPT, ttlMs: LOOKUP_TTL_MS, load: (id: number) => this.readHotel(id), keep: (h) => !!h });

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly db: Knex,
    private readonly seats: DepartureSeats,
    private readonly contracts: ContractBook,
  ) {}

  async offer(offerId: number): Promise<OfferForSale> {
    const offer = await offerForSale(this.store, offerId);
    if (!offer) throw new NotFoundError(BOOKING_MESSAGES.notContracted, 'Not found');
    return offer;
  }

  /**
   * Who is booking, for the offer's supplier, and the commission their contract sets. An agent books only a
   * supplier that contracts the agency (a suspended contract says so); the supplier's sales staff and admins
   * book its own tours as staff agents, at the period's commission.
   */
  async booker(user: AuthUser, supplierId: number, channel: Booker['channel'] = 'backoffice'): Promise<{ booker: Booker; commission: number | null }> {
    const me = await this.userByEmail(user.email);
    if (!me) throw new ForbiddenError('You are not allowed to access this page');
    if (user.agencyId) {
      const commission = await this.contractCommission(supplierId, user.agencyId);
      return { booker: { supplierId, agencyId: user.agencyId, agentId: me.id, staffAgentId: null, channel }, commission };
    }
    if (user.supplierId === supplierId && STAFF_BOOKER_ROLES.some((r) => user.roles.includes(r))) {
      return { booker: { supplierId, agencyId: null, agentId: null, staffAgentId: me.id, channel }, commission: null };
    }
    throw new NotFoundError(BOOKING_MESSAGES.notContracted, 'Not found');
  }

  /** An OCTO reseller books as its agency (no agent), under the agency's contract like its agents. */
  async resellerBooker(agencyId: number, supplierId: number): Promise<{ booker: Booker; commission: number | null }> {
    const commission = await this.contractCommission(supplierId, agencyId);
    return { booker: { supplierId, agencyId, agentId: null, staffAgentId: null, channel: 'octo' }, commission };
  }

  /** The contract's commission; refuses an agency the supplier never contracted, or whose contract is suspended. */
  private async contractCommission(supplierId: number, agencyId: number): Promise<number | null> {
    const contract = await this.contracts.contractOf(supplierId, agencyId);
    if (!contract) throw new NotFoundError(BOOKING_MESSAGES.notContracted, 'Not found');
    if (!contract.active) throw new ValidationError(BOOKING_MESSAGES.contractSuspended);
    return contract.commission;
  }

  /**
   * The in-house guest a booking names (the add-booking form's guest chooser), with the group the arrivals have
   * for them: a request naming another group would count its booking in that group's status. An agency works
   * with several suppliers and its in-house guests come from all their lists: a guest on another supplier's
   * list is booked by name without the link, since that list's groups are not this supplier's. An arrival the
   * booker may not see (another agency's, a deleted one) is refused, and so is one not in house at the booked
   * hotel on the booked date (the chooser's rule, customers/inHouse): its group would count a purchase made for a
   * stay it is not on. Read from the arrivals read model, as the chooser is: the link is no seat invariant, and
   * a moment's lag after an arrival changes only refuses or links what the chooser showed then.
   */
  async arrival(booker: Booker, arrivalId: number | null, stay: { hotelId: number | null; date: string }): Promise<ArrivalLink> {
    if (arrivalId === null) return NO_ARRIVAL;
    const row = await arrivalForBooking(this.db, arrivalId, booker.agencyId ? { agencyId: booker.agencyId } : { supplierId: booker.supplierId }, { hotelId: isNoHotel(stay.hotelId) ? null : stay.hotelId, date: stay.date });
    if (!row) throw new ValidationError(BOOKING_MESSAGES.guestNotFound, { arrivalId: [BOOKING_MESSAGES.guestNotFound] });
    if (!row.inHouse) throw new ValidationError(BOOKING_MESSAGES.guestNotInHouse, { arrivalId: [BOOKING_MESSAGES.guestNotInHouse] });
    if (row.supplierId !== booker.supplierId) return NO_ARRIVAL;
    return { arrivalId: row.arrivalId, groupId: row.groupId, groupInfoId: row.groupInfoId };
  }

  slot(supplierId: number, timeSlotId: number | null): Promise<SlotForBooking | null> {
    return timeSlotId === null ? Promise.resolve(null) : this.seats.slot(supplierId, timeSlotId);
  }

  /** Null for no hotel of the list (a custom hotel name, or 'No Hotel'). */
  async hotel(hotelId: number | null): Promise<HotelFacts | null> {
    if (isNoHotel(hotelId)) return null;
    const hotel = await this.hotelById(hotelId!);
    if (!hotel) throw new ValidationError('Hotel not found', { hotelId: ['Hotel not found'] });
    return hotel;
  }

  private async readHotel(hotelId: number): Promise<HotelFacts | null> {
    const row = await this.db('hotels as h')
      .leftJoin('regions as r', 'r.id', 'h.region_id')
      .select('h.id', 'h.name', 'h.region_id as regionId', 'r.name as regionName')
      .where('h.id', hotelId)
      .first<{ id: number; name: string; regionId: number | null; regionName: string | null } | undefined>();
    return row ? { ...row, regionName: row.regionName ?? '' } : null;
  }

  pickUp(slot: SlotForBooking | null, hotel: HotelFacts | null): Promise<PickUpWindow | null> {
    return slot ? this.seats.pickUpWindow(slot, hotel?.id ?? null, hotel?.regionId ?? null) : Promise.resolve(null);
  }

  supplierPolicy(offer: OfferForSale): Promise<{ hours: number; percents: number }[]> {
    return offer.cancellationPolicy.source === 'supplier' ? defaultCancellationPolicyOf(this.store, offer.supplierId) : Promise.resolve([]);
  }
}
