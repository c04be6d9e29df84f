import type { Knex } from 'knex';

export interface InHouseGuestRow {
  id: number;
  arrivalId: number;
  touristName: string;
  guestName: string;
  groupId: number | null;
  groupInfoId: number | null;
  /** The group's room at this hotel ('' when its group has none here, or no info). */
  roomNumber: string;
  /**
   * The guest's own phone (the arrival's touristPhone; [] when it has none), so the booking form fills a phone for
   * a guest whose group has no info: most groups have none, and only a group's info is read by groupInfo.
   */
  phoneNumbers: string[];
  arrivalDate: string;
  departureDate: string;
}

/**
 * An agent sees the arrivals of their agency only at the suppliers that contract it now: a suspended contract, or
 * none at all, hides that supplier's guests (names, rooms, phones) from the agency. Read from the contracts table
 * (its projection's lag: a suspension shows a moment later).
 */
export function ofAgencyAtActiveContracts(db: Knex, q: Knex.QueryBuilder, agencyId: number): void {
  void q.where('a.agency_id', agencyId).whereExists(
    db('contracts as c')
      .select(db.raw('1'))
      .where('c.agency_id', agencyId)
      .andWhere('c.supplier_id', db.ref('a.supplier_id'))
      .andWhere('c.is_suspended', false),
  );
}

/**
 * Guests at the hotel on the date whose arrivals belong to the agency (agencyId), at the suppliers whose contract
 * with it is active, or, for staff agents, to the supplier.
 */
export async function inHouseGuests(db: Knex, scope: { agencyId: number } | { supplierId: number }, hotelId: number, date: string): Promise<InHouseGuestRow[]> {
  const q = db('arrivals as a')
    .where('a.hotel_id', hotelId)
    .where('a.is_deleted', false)
    .where('a.arrival_date', '<=', date)
    .where('a.departure_date', '>=', date)
    .orderByRaw('lower(a.tourist_name), a.id')
    .limit(1000)
    .select(
      'a.id', 'a.id as arrivalId', 'a.tourist_name as touristName', 'a.tourist_name as guestName', 'a.group_id as groupId', 'a.group_info_id as groupInfoId', 'a.room_number as roomNumber',
      db.raw(`CASE WHEN btrim(a.tourist_phone) <> '' THEN ARRAY[btrim(a.tourist_phone)] ELSE '{}'::text[] END AS "phoneNumbers"`),
      db.raw(`to_char(a.arrival_date, 'YYYY-MM-DD') AS "arrivalDate"`), db.raw(`to_char(a.departure_date, 'YYYY-MM-DD') AS "departureDate"`),
    );
  if ('agencyId' in scope) ofAgencyAtActiveContracts(db, q, scope.agencyId);
  else q.where('a.supplier_id', scope.supplierId);
  return q;
}

/**
 * A group's room number at the hotel and its phones, for the agent's booking form; null when not the caller's (for an
 * agent: not their agency's, or of a supplier whose contract with it is suspended or missing).
 */
export async function inHouseGroupInfo(db: Knex, scope: { agencyId: number } | { supplierId: number }, hotelId: number, groupInfoId: number): Promise<{ roomNumber: string; phoneNumbers: string[] } | null> {
  // The group's phones are the group's wherever it stays; a room number is only the room at the hotel asked about,
  // read from the group's own list of hotels and rooms: never its room at another hotel.
  const roomHere = db.raw(
    `coalesce((SELECT h->>'roomNumber' FROM arrival_groups g, jsonb_array_elements(g.hotels) h
       WHERE g.supplier_id = a.supplier_id AND g.group_id = a.group_id AND (h->>'hotelId')::int = ? LIMIT 1), '') AS "roomNumber"`,
    [hotelId],
  );
  const q = db('arrivals as a').where('a.group_info_id', groupInfoId).where('a.is_deleted', false).orderByRaw('(a.hotel_id = ?) DESC', [hotelId])
    .first<{ roomNumber: string; phoneNumbers: string[]; touristPhone: string } | undefined>(roomHere, 'a.phone_numbers as phoneNumbers', 'a.tourist_phone as touristPhone');
  if ('agencyId' in scope) ofAgencyAtActiveContracts(db, q, scope.agencyId);
  else q.where('a.supplier_id', scope.supplierId);
  const row = await q;
  if (!row) return null;
  return { roomNumber: row.roomNumber, phoneNumbers: row.phoneNumbers.length ? row.phoneNumbers : row.touristPhone ? [row.touristPhone] : [] };
}
