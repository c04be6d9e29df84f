import type { Knex } from 'knex';
import type { TimeSlotGroupData } from '@tbo/event-schemas';
import { TIME_SLOT_COLUMNS, type TimeSlotFieldsData } from './time-slot-groups.projection';

/*
 * Every query names the supplier: a group or slot of another supplier is never read, whatever id is asked for.
 */

export type TimeSlotGroupFieldsData = Omit<TimeSlotGroupData, 'id' | 'supplierId'>;

export interface TimeSlotGroupRow {
  id: number;
  supplierId: number;
  fields: TimeSlotGroupFieldsData;
  isDeleted: boolean;
  version: number;
}

/** A row of the groups list, with the names of its slots that are not deleted (by start time, then name). */
export interface TimeSlotGroupListRow extends TimeSlotGroupFieldsData {
  id: number;
  isDeleted: boolean;
  version: number;
  timeSlotNames: string[];
  /** Spec 02 §3 Time slot group 'timeSlots': the same slots (not deleted, same order) as {id, name}. */
  timeSlots: { id: number; name: string }[];
  /** The group's pick-up time by name (the list and the export show names, not ids); null when none or deleted. */
  pickUpTimeName: string | null;
}

export interface TimeSlotRow {
  id: number;
  groupId: number;
  supplierId: number;
  fields: TimeSlotFieldsData;
  isDeleted: boolean;
  version: number;
}

const GROUP_COLUMNS = ['g.id', 'g.name', 'g.capacity', 'g.minimum_advanced_booking as minimumAdvancedBooking', 'g.pick_up_time_id as pickUpTimeId', 'g.is_time_slots_independant as isTimeSlotsIndependant', 'g.is_deleted as isDeleted', 'g.version'];

/** The supplier's groups by name (case-insensitive), then id; deleted ones only when asked. */
export async function listTimeSlotGroups(db: Knex, supplierId: number, options: { showDeleted?: boolean } = {}): Promise<TimeSlotGroupListRow[]> {
  const names = db('time_slots as s')
    .select(db.raw("coalesce(array_agg(s.name order by s.start_time, lower(s.name), s.id), '{}')"))
    .whereRaw('s.group_id = g.id')
    .where('s.is_deleted', false);
  const slots = db('time_slots as s')
    .select(db.raw("coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.start_time, lower(s.name), s.id), '[]'::json)"))
    .whereRaw('s.group_id = g.id')
    .where('s.is_deleted', false);
  const pickUp = db('pickup_times as p').select('p.name').whereRaw('p.id = g.pick_up_time_id').where('p.is_deleted', false);
  const q = db('time_slot_groups as g')
    .select([...GROUP_COLUMNS, names.as('timeSlotNames'), slots.as('timeSlots'), pickUp.as('pickUpTimeName')])
    .where('g.supplier_id', supplierId)
    .orderByRaw('lower(g.name) asc, g.id asc');
  if (!options.showDeleted) q.where('g.is_deleted', false);
  return q;
}

/** One of the supplier's groups (deleted or not); null for an unknown id or another supplier's group. */
export async function findTimeSlotGroup(db: Knex, supplierId: number, id: number): Promise<TimeSlotGroupRow | null> {
  const row = await db('time_slot_groups as g').select(GROUP_COLUMNS).where({ 'g.id': id, 'g.supplier_id': supplierId }).first<(TimeSlotGroupFieldsData & { id: number; isDeleted: boolean; version: number }) | undefined>();
  if (!row) return null;
  const { id: _id, isDeleted, version, ...fields } = row;
  return { id, supplierId, fields, isDeleted, version };
}

function slotFrom(row: Record<string, unknown>): TimeSlotRow {
  const fields = Object.fromEntries(Object.entries(TIME_SLOT_COLUMNS).map(([field, column]) => [field, row[column]])) as TimeSlotFieldsData;
  return { id: row.id as number, groupId: row.group_id as number, supplierId: row.supplier_id as number, fields, isDeleted: row.is_deleted as boolean, version: row.version as number };
}

/** The slots of one of the supplier's groups, deleted ones included (the editor shows them apart). */
export async function listTimeSlotsOfGroup(db: Knex, supplierId: number, groupId: number): Promise<TimeSlotRow[]> {
  const rows: Record<string, unknown>[] = await db('time_slots').select('*').where({ group_id: groupId, supplier_id: supplierId }).orderBy('id');
  return rows.map(slotFrom);
}

/** Every slot of the supplier's groups (the export). */
export async function listTimeSlotsOfSupplier(db: Knex, supplierId: number): Promise<TimeSlotRow[]> {
  const rows: Record<string, unknown>[] = await db('time_slots').select('*').where({ supplier_id: supplierId }).orderBy('id');
  return rows.map(slotFrom);
}

/** One of the supplier's slots; null for an unknown id or another supplier's slot. */
export async function findTimeSlot(db: Knex, supplierId: number, id: number): Promise<TimeSlotRow | null> {
  const row = await db('time_slots').select('*').where({ id, supplier_id: supplierId }).first<Record<string, unknown> | undefined>();
  return row ? slotFrom(row) : null;
}

/**
 * The supplier's offers (not deleted) that sell each of these slots, from the offers read model: slot id → its
 * offers by internal name. Slots no offer sells are absent.
 */
export async function offersOfTimeSlots(db: Knex, supplierId: number, slotIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (slotIds.length === 0) return out;
  const rows: { slotId: number; id: number; name: string }[] = await db('offers as o')
    .select('o.id', 'o.name_internal as name', db.raw('s.slot_id::int as "slotId"'))
    .joinRaw("cross join lateral json_array_elements_text(coalesce(o.details->'timeSlots', '[]'::json)) as s(slot_id)")
    .where({ 'o.supplier_id': supplierId, 'o.is_deleted': false })
    .whereRaw('s.slot_id::int = any(?::int[])', [slotIds as number[]])
    .orderByRaw('lower(o.name_internal) asc, o.id asc');
  for (const { slotId, ...offer } of rows) {
    const list = out.get(slotId);
    if (list) list.push(offer);
    else out.set(slotId, [offer]);
  }
  return out;
}

/**
 * Which of these ids are not the supplier's groups and slots (unknown, or another supplier's). A deleted group
 * or slot is still the supplier's: an offer that chose it before it was deleted stays savable.
 */
export async function timeSlotIdsNotOwned(db: Knex, supplierId: number, ids: { groupIds: readonly number[]; timeSlotIds: readonly number[] }): Promise<{ groupIds: number[]; timeSlotIds: number[] }> {
  const groupIds = [...new Set(ids.groupIds)];
  const timeSlotIds = [...new Set(ids.timeSlotIds)];
  const [groups, slots] = await Promise.all([
    groupIds.length ? db('time_slot_groups').pluck('id').where('supplier_id', supplierId).whereIn('id', groupIds) : Promise.resolve([]),
    timeSlotIds.length ? db('time_slots').pluck('id').where('supplier_id', supplierId).whereIn('id', timeSlotIds) : Promise.resolve([]),
  ]);
  const ownGroups = new Set<number>(groups);
  const ownSlots = new Set<number>(slots);
  return { groupIds: groupIds.filter((id) => !ownGroups.has(id)), timeSlotIds: timeSlotIds.filter((id) => !ownSlots.has(id)) };
}

export interface TimeSlotOptionGroup {
  id: number;
  name: string;
  timeSlots: { id: number; name: string; timeType: number; startTime: number; endTime: number }[];
}

/** The supplier's live groups with their live slots, by name and start: what an offer chooses from. */
export async function timeSlotOptions(db: Knex, supplierId: number): Promise<TimeSlotOptionGroup[]> {
  const rows = await db('time_slot_groups as g')
    .leftJoin('time_slots as s', function joinLiveSlots() {
      this.on('s.group_id', 'g.id').andOn('s.is_deleted', db.raw('false'));
    })
    .select('g.id as groupId', 'g.name as groupName', 's.id', 's.name', 's.time_type as timeType', 's.start_time as startTime', 's.end_time as endTime')
    .where({ 'g.supplier_id': supplierId, 'g.is_deleted': false })
    .orderByRaw('lower(g.name), g.id, s.start_time, lower(s.name), s.id');
  const groups = new Map<number, TimeSlotOptionGroup>();
  for (const r of rows as { groupId: number; groupName: string; id: number | null; name: string; timeType: number; startTime: number; endTime: number }[]) {
    const group = groups.get(r.groupId) ?? { id: r.groupId, name: r.groupName, timeSlots: [] };
    groups.set(r.groupId, group);
    if (r.id !== null) group.timeSlots.push({ id: r.id, name: r.name, timeType: r.timeType, startTime: r.startTime, endTime: r.endTime });
  }
  return [...groups.values()];
}

/** The ids of the supplier's time slot groups that use a pick-up time, on the group or on one of its slots (rows; deleted ones too). */
export async function groupIdsUsingPickUpTime(db: Knex, supplierId: number, pickUpTimeId: number): Promise<number[]> {
  const rows: { id: number }[] = await db
    .select('id')
    .from('time_slot_groups')
    .where({ supplier_id: supplierId, pick_up_time_id: pickUpTimeId })
    .union((q) => q.select('group_id as id').from('time_slots').where({ supplier_id: supplierId, pick_up_time_id: pickUpTimeId }))
    .orderBy('id');
  return rows.map((r) => r.id);
}
