import type { DepartureEvent, RecordedOf, TimeSlotGroupStreamEvent } from '@tbo/event-schemas';
import { deletedFlag, streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection, type ProjectionContext } from '../runner/projection';
import { upsertIfNewer } from '../runner/rows';
import { applyInRuns } from '../runner/runs';
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

const DATE_KEY = ['group_id', 'time_slot_id', 'date'];

/** A departure's row as its first event makes it: the group's (or slot's) capacity, open, nothing taken or held. */
function newDateRow(event: RecordedOf<DepartureEvent>) {
  const d = event.data;
  return { group_id: d.groupId, time_slot_id: d.timeSlotId ?? GROUP_DEPARTURE, date: d.date, supplier_id: d.supplierId, capacity: null, is_closed: false, taken: 0, held: 0, version: event.revision };
}

/** The departure's row: inserted by its first event, else only `column` and the version move, and only forward. */
async function applyDeparture({ trx, table }: ProjectionContext, event: RecordedOf<DepartureEvent>, column: 'is_closed' | 'capacity', value: boolean | number | null): Promise<void> {
  await upsertIfNewer(trx, table('availability_dates'), { ...newDateRow(event), [column]: value }, DATE_KEY, { [column]: value, version: event.revision });
}

/** Seats taken, released, held or let go: the counters move by the seats, once (the version guard skips a replay). */
async function applySeats({ trx, table }: ProjectionContext, event: RecordedOf<DepartureEvent>, delta: { taken: number; held: number }): Promise<void> {
  const dates = table('availability_dates');
  const row = { ...newDateRow(event), taken: Math.max(0, delta.taken), held: Math.max(0, delta.held) };
  const moved = (column: 'taken' | 'held') => trx.raw('GREATEST(0, ?? + ?)', [`${dates}.${column}`, delta[column]]);
  await upsertIfNewer(trx, dates, row, DATE_KEY, { taken: moved('taken'), held: moved('held'), version: event.revision });
}

/** How an event moves a departure's seat counters; null for an event that is not about seats. */
function seatDelta(event: RecordedOf<AvailabilityEvent>): { taken: number; held: number } | null {
  switch (event.type) {
    case 'DepartureSeatsTaken':
      // A confirmed reservation: the seats its hold kept stop being held as these are taken.
      return { taken: event.data.seats, held: -(event.data.heldSeats ?? 0) };
    case 'DepartureSeatsReleased':
      return { taken: -event.data.seats, held: 0 };
    case 'DepartureSeatsHeld':
      return { taken: 0, held: event.data.seats };
    case 'DepartureHoldExtended':
      return { taken: 0, held: 0 };
    case 'DepartureHoldReleased':
      return { taken: 0, held: -event.data.seats };
    default:
      return null;
  }
}

const isSeatEvent = (event: RecordedOf<AvailabilityEvent>): event is RecordedOf<DepartureEvent> => seatDelta(event) !== null;

/**
 * A run of seat events in as few statements as the busiest departure in it has events: statement k carries each
 * departure's k-th event (one statement may not change a row twice). Each row is inserted when new, else its
 * counters move as applySeats moves them, under the same version guard; the UPDATE cannot see the rows the INSERT
 * of the same statement makes, so a new departure is counted once.
 */
async function applySeatRun({ trx, table }: ProjectionContext, events: RecordedOf<DepartureEvent>[]): Promise<void> {
  const dates = table('availability_dates');
  const waves: RecordedOf<DepartureEvent>[][] = [];
  const depth = new Map<string, number>();
  for (const event of events) {
    const d = event.data;
    const key = `${d.groupId}:${d.timeSlotId ?? GROUP_DEPARTURE}:${d.date}`;
    const k = depth.get(key) ?? 0;
    depth.set(key, k + 1);
    (waves[k] ??= []).push(event);
  }
  for (const wave of waves) {
    const rows = wave.map((event) => ({ ...newDateRow(event), ...seatDelta(event)! }));
    const column = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
    await trx.raw(
      `WITH v AS (SELECT * FROM unnest(?::int[], ?::int[], ?::date[], ?::int[], ?::int[], ?::int[], ?::int[]) AS v(group_id, time_slot_id, date, supplier_id, taken, held, version)),
            ins AS (INSERT INTO ?? (group_id, time_slot_id, date, supplier_id, capacity, is_closed, taken, held, version)
                    SELECT group_id, time_slot_id, date, supplier_id, NULL, false, GREATEST(0, taken), GREATEST(0, held), version FROM v
                    ON CONFLICT (group_id, time_slot_id, date) DO NOTHING)
       UPDATE ?? d SET taken = GREATEST(0, d.taken + v.taken), held = GREATEST(0, d.held + v.held), version = v.version
         FROM v WHERE d.group_id = v.group_id AND d.time_slot_id = v.time_slot_id AND d.date = v.date AND d.version < v.version`,
      [column('group_id'), column('time_slot_id'), column('date'), column('supplier_id'), column('taken'), column('held'), column('version'), dates, dates],
    );
  }
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
      supplierItemKey(t);
      t.text('name').notNullable();
      t.integer('capacity').notNullable();
      t.boolean('is_independent').notNullable();
      deletedFlag(t);
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
      deletedFlag(t);
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
      streamVersion(t);
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
      default:
        return isSeatEvent(event) ? applySeats(ctx, event, seatDelta(event)!) : applyGroupStreamEvent(ctx, event, AVAILABILITY_ROWS);
    }
  },
  // Under a stream of bookings a batch is mostly seats taken on many departures: a statement or two for all.
  applyBatch(ctx, events) {
    return applyInRuns(events, isSeatEvent, (run) => applySeatRun(ctx, run), (event) => this.apply(ctx, event));
  },
});
