import type { Knex } from 'knex';
import { ofAgencyAtActiveContracts } from './in-house.queries';

/** An in-house guest as a new booking names them: whose arrivals list it is on, and the group it travels in. */
export interface ArrivalLinkRow {
  arrivalId: number;
  supplierId: number;
  groupId: number | null;
  groupInfoId: number | null;
  /**
   * Whether the guest stays at the booked hotel on the booked date (the rule of customers/inHouse: arrived on or
   * before it, leaving on or after it); false for no hotel of the list.
   */
  inHouse: boolean;
}

/**
 * The arrival a booking names, when the booker may see it as customers/inHouse shows guests: an agency's agents
 * their agency's arrivals at the suppliers whose contract with it is active, the supplier's staff the supplier's.
 * Null for a deleted arrival or one that is not theirs, so an id tells nothing of stays the chooser hides.
 */
export async function arrivalForBooking(db: Knex, arrivalId: number, scope: { agencyId: number } | { supplierId: number }, stay: { hotelId: number | null; date: string }): Promise<ArrivalLinkRow | null> {
  const inHouse = db.raw('coalesce(a.hotel_id = ?::int AND a.arrival_date <= ?::date AND a.departure_date >= ?::date, false) AS "inHouse"', [stay.hotelId, stay.date, stay.date]);
  const q = db('arrivals as a')
    .where({ 'a.id': arrivalId, 'a.is_deleted': false })
    .first<ArrivalLinkRow | undefined>('a.id as arrivalId', 'a.supplier_id as supplierId', 'a.group_id as groupId', 'a.group_info_id as groupInfoId', inHouse);
  if ('agencyId' in scope) ofAgencyAtActiveContracts(db, q, scope.agencyId);
  else q.where('a.supplier_id', scope.supplierId);
  return (await q) ?? null;
}
