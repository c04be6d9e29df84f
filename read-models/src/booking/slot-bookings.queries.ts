import type { Knex } from 'knex';
import { BOOKING_STATUSES } from '@tbo/event-schemas';

/** Statuses whose guests no longer travel on their slot. */
const GONE = [BOOKING_STATUSES.cancelled, BOOKING_STATUSES.completed];

/**
 * The dates from `from` on with guests booked on one time slot of a supplier, and their seats, date ascending: a
 * shared group's departure does not say which of its slots sold a seat, so scheduling asks here which dates a slot
 * has guests on (and confirms each on the departure's stream: modules/scheduling departures/slot-bookings.ts).
 */
export async function slotBookedDates(db: Knex, supplierId: number, timeSlotId: number, from: string): Promise<{ date: string; seats: number }[]> {
  return db('bookings')
    .select(db.raw(`to_char(date, 'YYYY-MM-DD') as date`), db.raw('sum(ad + ch + foc)::int as seats'))
    .where({ supplier_id: supplierId, time_slot_id: timeSlotId })
    .whereNotIn('status', GONE)
    .andWhere('date', '>=', from)
    .groupBy('date')
    .orderBy('date');
}
