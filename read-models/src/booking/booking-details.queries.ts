import type { Knex } from 'knex';
import type { BookingView } from '@tbo/booking/src/pure/booking-view.pure';

/** One booking's details, or undefined; the caller checks the tenant (supplier, agency, agent). */
export async function findBookingDetails(db: Knex, id: number): Promise<BookingView | undefined> {
  const row = await db('booking_details').select('view').where({ id }).first<{ view: BookingView } | undefined>();
  return row?.view;
}
