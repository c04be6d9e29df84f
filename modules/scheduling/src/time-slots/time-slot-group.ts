import { isDeepStrictEqual } from 'node:util';
import type { TimeSlotData, TimeSlotGroupData, TimeSlotGroupStreamEvent } from '@tbo/event-schemas';
import { ConflictError, EntityStream, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';
import {
  normalizeTimeSlot,
  normalizeTimeSlotGroup,
  TIME_SLOT_MESSAGES,
  timeSlotGroupProblems,
  timeSlotProblems,
  type FieldProblems,
  type TimeSlotFields,
  type TimeSlotGroupFields,
} from '../pure/time-slot-rules.pure';

/*
 * A group and its slots are one aggregate on one stream, `timeslotgroup-<id>`. A slot's rules depend on its
 * group (its capacity exists only when the group's slots are independent, and it belongs to the group's
 * supplier), so deciding both on one stream keeps them consistent without a transaction across streams: making
 * a group's slots shared clears their capacities in the same append. Groups hold tens of slots, edited rarely,
 * so the stream stays short. Each item still has a version of its own (the revision of the last event that
 * changed it), so saving one slot does not make the group's form or another slot's form stale.
 */

export type StoredTimeSlotGroup = Omit<TimeSlotGroupData, 'id' | 'supplierId'>;
export type StoredTimeSlot = Omit<TimeSlotData, 'id' | 'groupId' | 'supplierId'>;

export interface TimeSlotState {
  id: number;
  fields: StoredTimeSlot;
  isDeleted: boolean;
  version: number;
}

export interface TimeSlotGroupState {
  id: number;
  supplierId: number | null;
  exists: boolean;
  isDeleted: boolean;
  /** The stream's revision: every event is one more, from 0, so versions are known without asking the store. */
  revision: number;
  /** The revision of the group's own last event. */
  version: number;
  group: StoredTimeSlotGroup | null;
  /** In the order they were created. */
  slots: TimeSlotState[];
}

type GroupKey = { id: number; supplierId: number };
export type TimeSlotGroupCommand =
  | (GroupKey & {
      type: 'SaveTimeSlotGroup';
      isNew: boolean;
      group: TimeSlotGroupFields;
      version?: number | null;
      /**
       * A fact the handler read for a change of isTimeSlotsIndependant (DeparturesInUse): the first date from
       * today (Dubai) on with a departure of the group in use (seats taken or held, closed, a capacity of its
       * own), null when none is. Undefined: not read (the handler saw no such change).
       */
      departuresInUseFrom?: string | null;
    })
  | (GroupKey & { type: 'DeleteTimeSlotGroup' | 'RestoreTimeSlotGroup' })
  | (GroupKey & { type: 'SaveTimeSlot'; slotId: number; isNew: boolean; slot: TimeSlotFields; version?: number | null })
  | (GroupKey & { type: 'DeleteTimeSlot' | 'RestoreTimeSlot'; slotId: number });

/** Spec 02 §8: one wording for a missing group or slot and for another supplier's. */
export const TIME_SLOT_GROUP_NOT_FOUND = TIME_SLOT_MESSAGES.notFound;
export const timeSlotGroupNotFound = () => new NotFoundError(TIME_SLOT_GROUP_NOT_FOUND, 'Not found');
/** The words a stale stream revision gets (envelope filter), for a stale item version. */
export const STALE_ITEM = 'This item was changed by someone else in the meantime. Reload it and try again.';

export const emptyTimeSlotGroupState = (id = 0): TimeSlotGroupState => ({ id, supplierId: null, exists: false, isDeleted: false, revision: -1, version: -1, group: null, slots: [] });

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as the screens show dates (spec 02 §5). */
const shownDate = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3.$2.$1');

/** Why a group's slots may not start or stop sharing its seats (the date: the first departure in use). */
export const seatSharingLocked = (date: string) =>
  `The slots' seat sharing cannot change: departures from ${shownDate(date)} on have seats sold or held, closed dates or a capacity of their own`;

/** Key order does not count: stored events come back from jsonb with their keys reordered. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

function refuse(problems: FieldProblems): void {
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new ValidationError(first, problems);
}

/** A form sent back with the version it was read at must still be looking at the item as it is. */
function mustBeCurrent(sent: number | null | undefined, current: number): void {
  if (sent !== null && sent !== undefined && sent !== current) throw new ConflictError(STALE_ITEM);
}

function groupFieldsOf(g: TimeSlotGroupFields): StoredTimeSlotGroup {
  const n = normalizeTimeSlotGroup(g);
  return { name: n.name, capacity: n.capacity ?? 0, minimumAdvancedBooking: n.minimumAdvancedBooking, pickUpTimeId: n.pickUpTimeId, isTimeSlotsIndependant: n.isTimeSlotsIndependant };
}

function withSlot(slots: TimeSlotState[], id: number, change: (old: TimeSlotState | undefined) => TimeSlotState | undefined): TimeSlotState[] {
  const at = slots.findIndex((s) => s.id === id);
  const next = change(slots[at]);
  if (!next) return slots;
  return at < 0 ? [...slots, next] : slots.map((s, i) => (i === at ? next : s));
}

function decideGroup(cmd: Extract<TimeSlotGroupCommand, { type: 'SaveTimeSlotGroup' }>, state: TimeSlotGroupState): TimeSlotGroupStreamEvent[] {
  const key = { id: cmd.id, supplierId: cmd.supplierId };
  if (!cmd.isNew) mustBeCurrent(cmd.version, state.version);
  refuse(timeSlotGroupProblems(cmd.group));
  const next = groupFieldsOf(cmd.group);
  const switching = !!state.group && state.group.isTimeSlotsIndependant !== next.isTimeSlotsIndependant;
  if (switching) mayChangeSeatSharing(cmd.departuresInUseFrom);
  const events: TimeSlotGroupStreamEvent[] = [];
  if (cmd.isNew) events.push({ type: 'TimeSlotGroupCreated', data: { ...key, ...next } });
  else if (!same(state.group, next)) events.push({ type: 'TimeSlotGroupChanged', data: { ...key, ...next } });
  // The slots follow the group's independence in the same append: capacities appear or are cleared with it.
  if (switching) {
    for (const slot of state.slots) {
      const fields = normalizeTimeSlot(slot.fields, next);
      if (!same(fields, slot.fields)) events.push({ type: 'TimeSlotChanged', data: { id: slot.id, groupId: cmd.id, supplierId: cmd.supplierId, ...fields } });
    }
  }
  return events;
}

/**
 * Seats live on the group's departure streams while its slots share them and on each slot's own once they are
 * independent (departure.ts, departureStream). Switching with departures in use would leave their seats taken
 * or held, their closes and their own capacities on streams nobody sells from any more, and sell the date
 * again: the switch waits until no departure from today on is in use.
 *
 * Residual window: a booking that read the group before the switch and takes its seats after it still lands
 * on the old kind of departure (DepartureSeats decides on the group state it read). The handler reads the
 * departures moments before this decision, so such a booking, in flight at that very moment, is not seen; it
 * is the only way round this check.
 */
function mayChangeSeatSharing(inUseFrom: string | null | undefined): void {
  // Not read by the handler: the group changed between its read and this decision; the form must look again.
  if (inUseFrom === undefined) throw new ConflictError(STALE_ITEM);
  if (inUseFrom !== null) {
    const message = seatSharingLocked(inUseFrom);
    throw new ValidationError(message, { isTimeSlotsIndependant: [message] });
  }
}

function decideSlot(cmd: Extract<TimeSlotGroupCommand, { type: 'SaveTimeSlot' }>, state: TimeSlotGroupState): TimeSlotGroupStreamEvent[] {
  const existing = state.slots.find((s) => s.id === cmd.slotId);
  // A new slot's id must be free; any other save needs the slot in this group (a slot never moves to another group).
  if (cmd.isNew ? existing : !existing) throw timeSlotGroupNotFound();
  if (existing) mustBeCurrent(cmd.version, existing.version);
  const fields = normalizeTimeSlot(cmd.slot, state.group!);
  refuse(timeSlotProblems(fields));
  const data = { id: cmd.slotId, groupId: cmd.id, supplierId: cmd.supplierId, ...fields };
  if (!existing) return [{ type: 'TimeSlotCreated', data }];
  return same(existing.fields, fields) ? [] : [{ type: 'TimeSlotChanged', data }];
}

/** Delete and restore: each states its event once; asking again changes nothing. */
function deleteOrRestoreSlot(cmd: Extract<TimeSlotGroupCommand, { type: 'DeleteTimeSlot' | 'RestoreTimeSlot' }>, state: TimeSlotGroupState): TimeSlotGroupStreamEvent[] {
  const slot = state.slots.find((s) => s.id === cmd.slotId);
  if (!slot) throw timeSlotGroupNotFound();
  const data = { id: cmd.slotId, groupId: cmd.id, supplierId: cmd.supplierId };
  if (cmd.type === 'RestoreTimeSlot') return slot.isDeleted ? [{ type: 'TimeSlotRestored', data }] : [];
  return slot.isDeleted ? [] : [{ type: 'TimeSlotDeleted', data }];
}

/**
 * A supplier's time slot group and its slots. A new group's id must be free; every other command needs the
 * caller's own group, else it is answered as not found, never as forbidden (spec 02 §8).
 */
export const timeSlotGroupDecider: Decider<TimeSlotGroupCommand, TimeSlotGroupStreamEvent, TimeSlotGroupState> = {
  initialState: emptyTimeSlotGroupState(),
  evolve(state, event) {
    const revision = state.revision + 1;
    const s = { ...state, revision };
    switch (event.type) {
      case 'TimeSlotGroupCreated':
      case 'TimeSlotGroupChanged': {
        const { id, supplierId, ...group } = event.data;
        return { ...s, id, supplierId, exists: true, group, version: revision };
      }
      case 'TimeSlotGroupDeleted':
      case 'TimeSlotGroupRestored':
        return { ...s, isDeleted: event.type === 'TimeSlotGroupDeleted', version: revision };
      case 'TimeSlotCreated':
      case 'TimeSlotChanged': {
        const { id, groupId: _groupId, supplierId: _supplierId, ...fields } = event.data;
        return { ...s, slots: withSlot(s.slots, id, (old) => ({ id, fields, isDeleted: old?.isDeleted ?? false, version: revision })) };
      }
      case 'TimeSlotDeleted':
      case 'TimeSlotRestored': {
        const isDeleted = event.type === 'TimeSlotDeleted';
        return { ...s, slots: withSlot(s.slots, event.data.id, (old) => old && { ...old, isDeleted, version: revision }) };
      }
    }
  },
  decide(cmd, state) {
    const isNewGroup = cmd.type === 'SaveTimeSlotGroup' && cmd.isNew;
    if (isNewGroup ? state.exists : !state.exists || state.supplierId !== cmd.supplierId) throw timeSlotGroupNotFound();
    const key = { id: cmd.id, supplierId: cmd.supplierId };
    switch (cmd.type) {
      case 'SaveTimeSlotGroup':
        return decideGroup(cmd, state);
      case 'DeleteTimeSlotGroup':
        return state.isDeleted ? [] : [{ type: 'TimeSlotGroupDeleted', data: key }];
      case 'RestoreTimeSlotGroup':
        return state.isDeleted ? [{ type: 'TimeSlotGroupRestored', data: key }] : [];
      case 'SaveTimeSlot':
        return decideSlot(cmd, state);
      case 'DeleteTimeSlot':
      case 'RestoreTimeSlot':
        return deleteOrRestoreSlot(cmd, state);
    }
  },
};

export const timeSlotGroupStream = (id: number) => `timeslotgroup-${id}`;

/** The group's stream as the module's handlers run and read it. */
export const timeSlotGroups = new EntityStream(timeSlotGroupStream, timeSlotGroupDecider, emptyTimeSlotGroupState);
