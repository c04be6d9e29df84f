import type { Knex } from 'knex';
import type { BookingEvent, RecordedOf } from '@tbo/event-schemas';

/*
 * What a booking's read rows share: the bookings list and the reports' facts each keep one row per booking, made
 * from the same BookingCreated and changed by the same later events. The columns both keep are named here once.
 */

type Table = Knex.CreateTableBuilder;
type Row = Record<string, unknown>;
type Recorded = RecordedOf<BookingEvent>;
export type BookingCreatedEvent = RecordedOf<Extract<BookingEvent, { type: 'BookingCreated' }>>;
type Scheduled = BookingCreatedEvent['data'] | Extract<Recorded, { type: 'BookingRescheduled' }>['data'];

/** A booking's status as its events set it (the lists and the reports filter on it). */
export const BOOKING_STATUS = { normal: 0, pending: 1, cancelled: 4, completed: 5 } as const;

/** Who booked what: the booking's parties, channel and tour and offer; booked_at is when the store recorded it. */
export function bookedColumns(event: BookingCreatedEvent): Row {
  const d = event.data;
  return {
    id: d.id,
    supplier_id: d.supplierId,
    agency_id: d.agencyId,
    agent_id: d.agentId,
    staff_agent_id: d.staffAgentId,
    channel: d.channel,
    booked_at: event.recordedAt,
    tour_id: d.tourId,
    tour_name: d.tourName,
    offer_id: d.offerId,
    offer_name: d.offerName,
  };
}

/** The date, the slot and the guests: what BookingCreated sets and BookingRescheduled changes. */
export function departureColumns(d: Scheduled): Row {
  return {
    date: d.date,
    time_slot_id: d.timeSlotId,
    time_slot_name: d.timeSlotName,
    start_time: d.startTime,
    ad: d.adults,
    ch: d.children,
    inf: d.infants,
    foc: d.foc,
  };
}

/** The agency and agent a booking is theirs, and the supplier's staff agent who made it (each null when none). */
export function bookedByColumns(t: Table): void {
  t.integer('agency_id');
  t.integer('agent_id');
  t.integer('staff_agent_id');
}

/** The tour and offer booked, with their names when booked. */
export function tourAndOfferColumns(t: Table): void {
  t.integer('tour_id').notNullable();
  t.text('tour_name').notNullable();
  t.integer('offer_id').notNullable();
  t.text('offer_name').notNullable();
}

/** The departure's slot and its start (null: the group's own departure). */
export function bookedSlotColumns(t: Table): void {
  t.integer('time_slot_id');
  t.text('time_slot_name');
  t.integer('start_time');
}

/** The guests by kind: adults, children, infants and free of charge. */
export function guestCountColumns(t: Table): void {
  for (const column of ['ad', 'ch', 'inf', 'foc']) t.integer(column).notNullable();
}
