import type { Knex } from 'knex';
import { GROUP_DEPARTURE } from './availability.projection';

/*
 * The availability chart: one row per departure kind (a group whose slots share its seats, or each slot of a
 * group whose slots are independent; deleted groups and slots left out) × each date of the window. One query:
 * the date series is made in SQL and the dates somebody changed are left-joined to it, each row's days folded
 * into one JSON array in date order (the dates themselves are named in JS: the same series, cheaper than
 * formatting 4,500 of them in SQL). Every query names the supplier. This read model answers the chart only,
 * never "is there a seat": that is decided on the departure's stream.
 */

export interface AvailabilityDay {
  date: string;
  /** The seats on sale: the date's own capacity, else the group's (or slot's). */
  capacity: number;
  /** The date's own capacity; null when it follows the group (or slot). */
  ownCapacity: number | null;
  taken: number;
  held: number;
  /** capacity − taken − held, never below 0 (a closed date sells nothing whatever this says). */
  left: number;
  closed: boolean;
  /** The date's weekday is one of the slot's days offered (for a group: of any of its slots). */
  offered: boolean;
}

export interface AvailabilityRow {
  groupId: number;
  /** Null: the group's row (its slots share its seats). */
  timeSlotId: number | null;
  /** The slot's name, or the group's for a group's row. */
  name: string;
  groupName: string;
  /** Minutes after midnight: the slot's start, or the earliest of the group's fixed-time slots (null: none). */
  startTime: number | null;
  /** The slot's time type (Fixed 0, Anytime 1, NoTime 2); null for a group's row. */
  timeType: number | null;
  /** The names of the slots a group's row stands for, by start time; the slot's own for a slot's row. */
  timeSlotNames: string[];
  baseCapacity: number;
  days: AvailabilityDay[];
}

/** [own capacity, closed, taken, held, offered], as the query folds each day of the window, in date order. */
type DayCells = [number | null, boolean, number, number, boolean];
type GridRow = Omit<AvailabilityRow, 'days'> & { days: DayCells[] };

/**
 * The statement behind availabilityGrid (the benchmark runs it straight on Postgres too). `from` is a business
 * date (YYYY-MM-DD), `days` how many dates from it.
 */
export function availabilityGridQuery(db: Knex, supplierId: number, from: string, days: number): Knex.Raw<{ rows: GridRow[] }> {
  return db.raw(
    `WITH d AS (
       SELECT day::date AS date, extract(isodow FROM day)::int AS dow
         FROM generate_series(:from::date, :from::date + (:days::int - 1), interval '1 day') AS day
     ),
     r AS (
       SELECT g.id AS group_id, NULL::int AS time_slot_id, g.name, g.name AS group_name, g.capacity AS base_capacity,
              s.start_time, NULL::int AS time_type, coalesce(s.mask, 0) AS mask, coalesce(s.names, '{}') AS time_slot_names
         FROM availability_groups g
         LEFT JOIN LATERAL (
           SELECT min(x.start_time) FILTER (WHERE x.time_type = 0) AS start_time,
                  bit_or(CASE WHEN x.days_offered = 0 THEN 127 ELSE x.days_offered END) AS mask,
                  array_agg(x.name ORDER BY x.start_time, lower(x.name), x.id) AS names
             FROM availability_slots x
            WHERE x.group_id = g.id AND NOT x.is_deleted
         ) s ON true
        WHERE g.supplier_id = :supplierId AND NOT g.is_deleted AND NOT g.is_independent
       UNION ALL
       SELECT g.id, x.id, x.name, g.name, coalesce(x.capacity, g.capacity),
              x.start_time, x.time_type::int, CASE WHEN x.days_offered = 0 THEN 127 ELSE x.days_offered END, ARRAY[x.name]
         FROM availability_groups g
         JOIN availability_slots x ON x.group_id = g.id AND NOT x.is_deleted
        WHERE g.supplier_id = :supplierId AND NOT g.is_deleted AND g.is_independent
     )
     SELECT r.group_id AS "groupId", r.time_slot_id AS "timeSlotId", r.name, r.group_name AS "groupName", r.start_time AS "startTime",
            r.time_type AS "timeType", r.time_slot_names AS "timeSlotNames", r.base_capacity AS "baseCapacity",
            (SELECT json_agg(json_build_array(o.capacity, coalesce(o.is_closed, false), coalesce(o.taken, 0), coalesce(o.held, 0),
                                              (r.mask & (1 << (d.dow - 1))) <> 0) ORDER BY d.date)
               FROM d
               LEFT JOIN availability_dates o ON o.group_id = r.group_id AND o.time_slot_id = coalesce(r.time_slot_id, :groupDeparture) AND o.date = d.date
            ) AS days
       FROM r
      ORDER BY lower(r.group_name), r.group_id, r.start_time NULLS FIRST, lower(r.name), r.time_slot_id`,
    { supplierId, from, days, groupDeparture: GROUP_DEPARTURE },
  );
}

/** `days` dates from `from` (YYYY-MM-DD), on UTC midnights so no time zone applies. */
function dateSeries(from: string, days: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

function dayOf([ownCapacity, closed, taken, held, offered]: DayCells, date: string, baseCapacity: number): AvailabilityDay {
  const capacity = ownCapacity ?? baseCapacity;
  return { date, capacity, ownCapacity, taken, held, left: Math.max(0, capacity - taken - held), closed, offered };
}

/** The supplier's chart rows, each with `days` dates from `from`. */
export async function availabilityGrid(db: Knex, supplierId: number, from: string, days: number): Promise<AvailabilityRow[]> {
  const { rows } = await availabilityGridQuery(db, supplierId, from, days);
  const dates = dateSeries(from, days);
  return rows.map((r) => ({ ...r, days: (r.days ?? []).map((d, i) => dayOf(d, dates[i]!, r.baseCapacity)) }));
}

/** A departure of a group (its own, or one of its slots') that has something on it: seats taken or held, a close, a capacity of its own. */
export interface DepartureInUse {
  /** Null: the group's own departure (its slots share its seats). */
  timeSlotId: number | null;
  date: string;
}

/**
 * The group's departures (its own and its slots', whichever way its slots share seats now) from `from`
 * (YYYY-MM-DD) on that have seats taken or held, are closed, or have a capacity of their own, by date. A lookup
 * for a check that confirms each on the departure's stream: this table may lag, and may still count a hold
 * that has expired.
 */
export async function departuresInUse(db: Knex, supplierId: number, groupId: number, from: string): Promise<DepartureInUse[]> {
  const rows: { timeSlotId: number; date: string }[] = await db('availability_dates')
    .select('time_slot_id as timeSlotId', db.raw(`to_char(date, 'YYYY-MM-DD') as date`))
    .where({ supplier_id: supplierId, group_id: groupId })
    .andWhere('date', '>=', from)
    .andWhere((q) => q.where('taken', '>', 0).orWhere('held', '>', 0).orWhere('is_closed', true).orWhereNotNull('capacity'))
    .orderBy([{ column: 'date' }, { column: 'time_slot_id' }]);
  return rows.map((r) => ({ timeSlotId: r.timeSlotId === GROUP_DEPARTURE ? null : r.timeSlotId, date: r.date }));
}
