import type { Knex } from 'knex';
import { BOOKING_STATUS_TEXT, type BookingStatusCode } from '@tbo/booking/src/pure/booking-status.pure';
import { HOTEL_SQL } from './bookings-search';

/**
 * What the booking lists over the `bookings` read table share: the operator list (operator-bookings.queries.ts),
 * the agent bookings and commissions lists (agent-bookings.queries.ts) and the header search
 * (booking-search.queries.ts).
 *
 * A page is a deferred join: the page's ids come from the filtered set in the list's order (for the default
 * orders an index range scan), then the columns of those rows only. Counts and sums are one aggregate over the
 * filtered set.
 */

/** `%`, `_` and `\` are LIKE's own characters: typed text matches them literally. */
export const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const DATE_SQL = (alias: string) => `to_char(${alias}.date, 'YYYY-MM-DD')`;

export type Direction = 'ASC' | 'DESC';

export function orderSql(column: string, direction: Direction, alias: string): string {
  const dir = direction === 'DESC' ? 'desc' : 'asc';
  return column === `${alias}.id` ? `${alias}.id ${dir}` : `${column} ${dir}, ${alias}.id ${dir}`;
}

export const statusText = (status: number): string => BOOKING_STATUS_TEXT[status as BookingStatusCode] ?? '';

/** The sort keys both lists offer, by the same expression (text case-insensitively, the hotel as the row shows it). */
export const COMMON_SORT = {
  id: 'b.id',
  date: 'b.date',
  bookingDateTime: 'b.booked_at',
  tourName: 'lower(b.tour_name)',
  offerName: 'lower(b.offer_name)',
  hotelName: `lower(${HOTEL_SQL('b')})`,
  guestName: 'lower(b.guest_name)',
  tel: 'b.tel',
  voucher: 'lower(b.voucher)',
  status: 'b.status',
} as const;

/** What both lists show of a booking, under the same names. */
export interface BookingListRowCommon {
  id: number;
  date: string;
  bookingDateTime: string;
  tourId: number;
  tourName: string;
  offerId: number;
  offerName: string;
  timeSlotName: string | null;
  hotelId: number | null;
  hotelName: string;
  customHotelName: string | null;
  guestName: string;
  tel: string;
  voucher: string;
  status: number;
  statusText: string;
  /** Status 4 because operations declined it (it was never confirmed, so it has no invoice or vouchers). */
  declined: boolean;
  /** Where it was sold: in the back office (agents, staff) or by a reseller through the OCTO API. */
  channel: 'backoffice' | 'octo';
}

/** What both lists show of a booking's trip: id, dates, tour, ticket and slot. */
export const TRIP_COLUMNS = (db: Knex) => [
  'b.id',
  db.raw(`${DATE_SQL('b')} as date`),
  'b.booked_at as bookedAt',
  'b.tour_id as tourId',
  'b.tour_name as tourName',
  'b.offer_id as offerId',
  'b.offer_name as offerName',
  'b.time_slot_name as timeSlotName',
  'b.channel',
];
export const HOTEL_COLUMNS = ['b.hotel_id as hotelId', 'b.hotel_name as hotelName', 'b.custom_hotel_name as customHotelName'];
