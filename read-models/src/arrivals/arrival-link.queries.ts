import type { Knex } from 'knex';

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
 * The arrival a booking names, when the booker may see it: an agency's agents their agency's arrivals, the
 * supplier's staff the supplier's. Null for a deleted arrival or one that is not theirs.
 */
export async function arrivalForBooking(db: Knex, arrivalId: number, scope: { agencyId: number } | { supplierId: number }, stay: { hotelId: number | null; date: string }): Promise<ArrivalLinkRow | null> {
  const inHouse = db.raw('coalesce(hotel_id = ?::int AND arrival_date <= ?::date AND departure_date >= ?::date, false) AS "inHouse"', [stay.hotelId, stay.date, stay.date]);
  const q = db('arrivals').where({ id: arrivalId, is_deleted: false }).first<ArrivalLinkRow | undefined>('id as arrivalId', 'supplier_id as supplierId', 'group_id as groupId', 'group_info_id as groupInfoId', inHouse);
  if ('agencyId' in scope) q.where('agency_id', scope.agencyId);
  else q.where('supplier_id', scope.supplierId);
  return (await q) ?? null;
}
