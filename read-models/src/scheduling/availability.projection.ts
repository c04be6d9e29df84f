import type { DepartureEvent, RecordedOf, TimeSlotGroupStreamEvent } from '@tbo/event-schemas';
import { defineProjection, type ProjectionContext } from '../runner/projection';
import { applyGroupStreamEvent, GROUP_STREAM_EVENT_TYPES, type GroupStreamRows } from './group-stream-rows';

/*
 * Seats per departure (a group, or a slot when the group's slots are independent) per business date: what the
 * availability chart shows. Its own tables, built from the group and slot events (the base capacities, names,
 * times and days offered) and the departure events (a date closed, a date's own capacity, the seats bookings
 * took and released, the seats held for OCTO reservations). Only dates somebody changed have a row in availability_dates; the grid query
 * (availability.queries.ts) makes the date series in SQL and left-joins them.
 *
 * A departure row remembers the revision of its stream's last event applied: an event at or below it is a
 * replay and changes nothing, so the seat counters (taken, held) cannot be counted twice.
 *
 * `held` counts a hold until its release is written (the hold-expiry process manager writes it at the
 * expiry), while the departure's stream stops counting it at the expiry itself: the chart may show a hold a
 * moment longer than it lasts, never a seat sold twice.
 */

type AvailabilityEvent = TimeSlotGroupStreamEvent | DepartureEvent;

/** The group's own departure has time_slot_id 0 in availability_dates (a key column cannot be null). */
export const GROUP_DEPARTURE = 0;

export const AVAILABILITY_GROUP_COLUMNS = { name: 'name', capacity: 'capacity', isTimeSlotsIndependant: 'is_independent' } as const;
export const AVAILABILITY_SLOT_COLUMNS = { name: 'name', timeType: 'time_type', startTime: 'start_time', daysOffered: 'days_offered', capacity: 'capacity' } as const;

function pick<M extends Record<string, string>>(columns: M, data: Record<keyof M, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(columns).map(([field, column]) => [column, data[field as keyof M]]));
}

const AVAILABILITY_ROWS: GroupStreamRows = {
  groups: { table: 'availability_groups', key: (d) => ({ id: d.id, supplier_id: d.supplierId }), columns: (d) => pick(AVAILABILITY_GROUP_COLUMNS, d) },
  slots: { table: 'availability_slots', key: (d) => ({ id: d.id, group_id: d.groupId }), columns: (d) => pick(AVAILABILITY_SLOT_COLUMNS, d) },
};

/** The departure's row: inserted by its first event, else only `column` and the version move, and only forward. */
async function applyDeparture({ trx, table }: ProjectionContext, event: RecordedOf<DepartureEvent>, column: 'is_closed' | 'capacity', value: boolean | number | null): Promise<void> {
  const d = event.data;
  const dates = table('availability_dates');
  const row = { group_id: d.groupId, time_slot_id: d.timeSlotId ?? GROUP_DEPARTURE, date: d.date, supplier_id: d.supplierId, capacity: null, is_closed: false, taken: 0, held: 0, version: event.revision, [column]: value };
  await trx(dates)
    .insert(row)
    .onConflict(['group_id', 'time_slot_id', 'date'])
    .merge({ [column]: value, version: event.revision })
    .where(`${dates}.version`, '<', event.revision);
}

/** Seats taken, released, held or let go: the counters move by the seats, once (the version guard skips a replay). */
async function applySeats({ trx, table }: ProjectionContext, event: RecordedOf<DepartureEvent>, delta: { taken: number; held: number }): Promise<void> {
  const d = event.data;
  const dates = table('availability_dates');
  const row = { group_id: d.groupId, time_slot_id: d.timeSlotId ?? GROUP_DEPARTURE, date: d.date, supplier_id: d.supplierId, capacity: null, is_closed: false, taken: Math.max(0, delta.taken), held: Math.max(0, delta.held), version: event.revision };
  await trx(dates)
    .insert(row)
    .onConflict(['group_id', 'time_slot_id', 'date'])
    .merge({ taken: trx.raw('GREATEST(0, ?? + ?)', [`${dates}.taken`, delta.taken]), held: trx.raw('GREATEST(0, ?? + ?)', [`${dates}.held`, delta.held]), version: event.revision })
    .where(`${dates}.version`, '<', event.revision);
}

export const availabilityProjection = defineProjection<AvailabilityEvent>({
  name: 'availability',
  // Holds added no column and no earlier event changes its meaning, so version 1's tables stay as they are.
  version: 1,
  handles: [
    ...GROUP_STREAM_EVENT_TYPES,
    'DepartureClosed',
    'DepartureReopened',
    'DepartureCapacitySet',
    'DepartureSeatsTaken',
    'DepartureSeatsReleased',
    'DepartureSeatsHeld',
    'DepartureHoldExtended',
    'DepartureHoldReleased',
  ],
  tables: {
    availability_groups: (t) => {
      t.integer('id').primary();
      t.integer('supplier_id').notNullable();
      t.text('name').notNullable();
      t.integer('capacity').notNullable();
      t.boolean('is_independent').notNullable();
      t.boolean('is_deleted').notNullable().defaultTo(false);
      t.index(['supplier_id']);
    },
    availability_slots: (t) => {
      t.integer('id').primary();
      t.integer('group_id').notNullable();
      t.text('name').notNullable();
      t.smallint('time_type').notNullable();
      t.integer('start_time').notNullable();
      t.smallint('days_offered').notNullable();
      /** Only in an independent group. */
      t.integer('capacity');
      t.boolean('is_deleted').notNullable().defaultTo(false);
      t.index(['group_id']);
    },
    availability_dates: (t) => {
      t.integer('group_id').notNullable();
      t.integer('time_slot_id').notNullable();
      t.date('date').notNullable();
      t.integer('supplier_id').notNullable();
      /** The date's own capacity; null: the group's (or slot's). */
      t.integer('capacity');
      t.boolean('is_closed').notNullable();
      t.integer('taken').notNullable();
      t.integer('held').notNullable();
      /** The revision of the departure stream's last event applied. */
      t.integer('version').notNullable();
      t.primary(['group_id', 'time_slot_id', 'date']);
    },
  },
  async apply(ctx, event) {
    switch (event.type) {
      case 'DepartureClosed':
      case 'DepartureReopened':
        return applyDeparture(ctx, event, 'is_closed', event.type === 'DepartureClosed');
      case 'DepartureCapacitySet':
        return applyDeparture(ctx, event, 'capacity', event.data.capacity);
      case 'DepartureSeatsTaken':
        // A confirmed reservation: the seats its hold kept stop being held as these are taken.
        return applySeats(ctx, event, { taken: event.data.seats, held: -(event.data.heldSeats ?? 0) });
      case 'DepartureSeatsReleased':
        return applySeats(ctx, event, { taken: -event.data.seats, held: 0 });
      case 'DepartureSeatsHeld':
        return applySeats(ctx, event, { taken: 0, held: event.data.seats });
      case 'DepartureHoldExtended':
        return applySeats(ctx, event, { taken: 0, held: 0 });
      case 'DepartureHoldReleased':
        return applySeats(ctx, event, { taken: 0, held: -event.data.seats });
      default:
        return applyGroupStreamEvent(ctx, event, AVAILABILITY_ROWS);
    }
  },
});
