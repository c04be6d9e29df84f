import type { RecordedOf, TimeSlotData, TimeSlotGroupData, TimeSlotGroupStreamEvent } from '@tbo/event-schemas';
import type { ProjectionContext } from '../runner/projection';
import { flagDeleted, upsertRow } from '../runner/rows';

/*
 * A time slot group's stream holds the group's events and its slots' events. Every projection that keeps a
 * row per group and a row per slot applies them the same way (an upsert by id for Created/Changed, a flag for
 * Deleted/Restored); only the tables and the columns differ, so those are what a projection states here.
 */

type Row = Record<string, unknown>;

/** How one item (the group, or a slot) becomes a row. */
export interface ItemRows<D> {
  /** Logical table name. */
  table: string;
  /** The columns written only when the row is inserted (the id and what the item belongs to). */
  key(data: D): Row;
  /** The columns each Created/Changed event writes. */
  columns(data: D): Row;
}

export interface GroupStreamRows {
  groups: ItemRows<TimeSlotGroupData>;
  slots: ItemRows<TimeSlotData>;
  /** Columns every event of the stream also writes to the row it touches (e.g. the revision it was applied at). */
  stamp?(revision: number): Row;
}

/** The event types of a group's stream, for a projection's `handles`. */
export const GROUP_STREAM_EVENT_TYPES = [
  'TimeSlotGroupCreated',
  'TimeSlotGroupChanged',
  'TimeSlotGroupDeleted',
  'TimeSlotGroupRestored',
  'TimeSlotCreated',
  'TimeSlotChanged',
  'TimeSlotDeleted',
  'TimeSlotRestored',
] as const satisfies readonly TimeSlotGroupStreamEvent['type'][];

async function upsert<D>({ trx, table }: ProjectionContext, rows: ItemRows<D>, data: D, stamp: Row): Promise<void> {
  const { id, ...insertOnly } = rows.key(data);
  await upsertRow(trx, table(rows.table), { id }, { ...rows.columns(data), ...stamp }, insertOnly);
}

/** Which rows a Deleted/Restored event flags, and the flag it leaves. */
const DELETE_FLAGS = {
  TimeSlotGroupDeleted: ['groups', true],
  TimeSlotGroupRestored: ['groups', false],
  TimeSlotDeleted: ['slots', true],
  TimeSlotRestored: ['slots', false],
} as const satisfies Partial<Record<TimeSlotGroupStreamEvent['type'], readonly ['groups' | 'slots', boolean]>>;

/** Applies one event of a group's stream to the projection's group and slot rows. */
export async function applyGroupStreamEvent(ctx: ProjectionContext, event: RecordedOf<TimeSlotGroupStreamEvent>, rows: GroupStreamRows): Promise<void> {
  const stamp = rows.stamp?.(event.revision) ?? {};
  switch (event.type) {
    case 'TimeSlotGroupCreated':
    case 'TimeSlotGroupChanged':
      return upsert(ctx, rows.groups, event.data, stamp);
    case 'TimeSlotCreated':
    case 'TimeSlotChanged':
      return upsert(ctx, rows.slots, event.data, stamp);
    default: {
      const [item, isDeleted] = DELETE_FLAGS[event.type];
      return flagDeleted(ctx.trx, ctx.table(rows[item].table), event.data.id, isDeleted, stamp);
    }
  }
}
