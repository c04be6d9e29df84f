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

/** A departure of the group from today (Dubai) on with seats taken or held, as the handler read it (DeparturesInUse.booked). */
export interface BookedDeparture {
  /** Null: the group's own departure (its slots share its seats). */
  timeSlotId: number | null;
  /** YYYY-MM-DD. */
  date: string;
  /** Seats taken plus seats held by holds still live when read. */
  seats: number;
  /** The date's own capacity; null: it falls back to the group's (or the independent slot's). */
  capacity: number | null;
}

/**
 * The first date from today (Dubai) on with guests booked on one slot, as the handler read it (SlotBookings):
 * its guests on that date. Null: none booked.
 */
export interface SlotBooked {
  seats: number;
  /** YYYY-MM-DD. */
  date: string;
}

type GroupKey = { id: number; supplierId: number };
/**
 * `bookedDepartures` on a save: read by the handler when it sees a capacity lowered (undefined: not read). On a
 * delete it is always read: a group or slot is not deleted from under guests still booked.
 */
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
      bookedDepartures?: readonly BookedDeparture[];
    })
  | (GroupKey & { type: 'DeleteTimeSlotGroup'; bookedDepartures: readonly BookedDeparture[] })
  | (GroupKey & { type: 'RestoreTimeSlotGroup' })
  /** `slotBooked`: read by the handler when it sees the slot's times change (undefined: not read). */
  | (GroupKey & { type: 'SaveTimeSlot'; slotId: number; isNew: boolean; slot: TimeSlotFields; version?: number | null; bookedDepartures?: readonly BookedDeparture[]; slotBooked?: SlotBooked | null })
  | (GroupKey & { type: 'DeleteTimeSlot'; slotId: number; bookedDepartures: readonly BookedDeparture[]; slotBooked?: SlotBooked | null })
  | (GroupKey & { type: 'RestoreTimeSlot'; slotId: number });

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

/** Why a group's or an independent slot's capacity may not go that low (the first departure it would oversell). */
export const capacityBelowBooked = (seats: number, date: string) => `Capacity cannot be less than the ${seats} seats already taken or held on ${shownDate(date)}`;
/** Why a slot, or a group, may not be deleted (the first departure from today on with guests booked). */
export const slotHasBookings = (seats: number, date: string) => `This time slot has ${seats} guests booked on ${shownDate(date)}: move or cancel those bookings first`;
/** Why a slot's times may not change (the first date from today on with guests booked on it). */
export const slotTimesLocked = (seats: number, date: string) =>
  `The time slot's times cannot change: it has ${seats} guests booked on ${shownDate(date)}, who keep the times they were sold. Move or cancel those bookings first, or add a new time slot`;
export const groupHasBookings = (seats: number, date: string) => `This time slot group has ${seats} guests booked on ${shownDate(date)}: move or cancel those bookings first`;
/** Why a slot may not take, or be restored to, a name another live slot of its group has. */
export const slotNameTaken = (name: string) => `This group already has a time slot named '${name}'`;

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
  keepsBookedSeats(state, events, cmd.bookedDepartures);
  return events;
}

/**
 * The capacity a departure of the group falls back to when it has none of its own, as the state stands; null
 * when nothing sells from that departure (a kind of departure the group no longer has, a deleted slot).
 */
function baseCapacity(state: TimeSlotGroupState, timeSlotId: number | null): number | null {
  const group = state.group;
  if (!group || state.isDeleted) return null;
  if (!group.isTimeSlotsIndependant) return timeSlotId === null ? group.capacity : null;
  const slot = timeSlotId === null ? undefined : state.slots.find((s) => s.id === timeSlotId);
  return slot && !slot.isDeleted ? (slot.fields.capacity ?? group.capacity) : null;
}

/**
 * The per-date route refuses a capacity below the seats taken or held on its date (departure.ts); a group's or
 * an independent slot's capacity is every date's that has none of its own, so lowering it is refused the same
 * way, else the grid would show the date full and hide that it is oversold. Only a lowering is refused: a date
 * oversold already (a capacity of old) must not stop a rename, or a raise that is still not enough.
 *
 * Residual window, as for the seat sharing: seats taken between the handler's read and this append are not seen.
 */
function keepsBookedSeats(state: TimeSlotGroupState, events: TimeSlotGroupStreamEvent[], booked: readonly BookedDeparture[] | undefined): void {
  if (events.length === 0) return;
  const after = events.reduce(timeSlotGroupDecider.evolve, state);
  const lowered = (timeSlotId: number | null) => {
    const was = baseCapacity(state, timeSlotId);
    const now = baseCapacity(after, timeSlotId);
    return was !== null && now !== null && now < was ? now : null;
  };
  if (![null, ...after.slots.map((s) => s.id)].some((id) => lowered(id) !== null)) return;
  // The handler saw no lowering, so the group changed between its read and this decision: the form must look again.
  if (!booked) throw new ConflictError(STALE_ITEM);
  for (const d of booked) {
    const capacity = d.capacity === null ? lowered(d.timeSlotId) : null;
    if (capacity !== null && capacity < d.seats) {
      const message = capacityBelowBooked(d.seats, d.date);
      throw new ValidationError(message, { capacity: [message] });
    }
  }
}

/** A delete must not leave guests booked on a departure nobody sells, lists or manages any more. */
function refuseIfBooked(booked: readonly BookedDeparture[], counts: (d: BookedDeparture) => boolean, say: (seats: number, date: string) => string): void {
  const first = booked.find((d) => d.seats > 0 && counts(d));
  if (first) throw new ValidationError(say(first.seats, first.date));
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

const nameKey = (n: string) => n.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * Two live slots of one group may not share a name (case and spaces aside): the add-booking chooser, the manifests
 * and the vouchers tell a group's slots apart by name and time, and two 'Morning' slots would be told apart by
 * neither when their times match. Decided on the group's stream, which holds every slot of the group.
 */
function nameMustBeFree(state: TimeSlotGroupState, slotId: number, name: string): void {
  if (!state.slots.some((s) => s.id !== slotId && !s.isDeleted && nameKey(s.fields.name) === nameKey(name))) return;
  const message = slotNameTaken(name.trim());
  throw new ValidationError(message, { name: [message] });
}

function decideSlot(cmd: Extract<TimeSlotGroupCommand, { type: 'SaveTimeSlot' }>, state: TimeSlotGroupState): TimeSlotGroupStreamEvent[] {
  const existing = state.slots.find((s) => s.id === cmd.slotId);
  // A new slot's id must be free; any other save needs the slot in this group (a slot never moves to another group).
  if (cmd.isNew ? existing : !existing) throw timeSlotGroupNotFound();
  if (existing) mustBeCurrent(cmd.version, existing.version);
  const fields = normalizeTimeSlot(cmd.slot, state.group!);
  refuse(timeSlotProblems(fields));
  // A slot kept under its name (or a deleted one, checked on restore) is not refused for a duplicate made before this rule.
  if (!existing || (!existing.isDeleted && nameKey(existing.fields.name) !== nameKey(fields.name))) nameMustBeFree(state, cmd.slotId, fields.name);
  const data = { id: cmd.slotId, groupId: cmd.id, supplierId: cmd.supplierId, ...fields };
  if (!existing) return [{ type: 'TimeSlotCreated', data }];
  if (same(existing.fields, fields)) return [];
  if (timesChange(existing.fields, fields)) timesMayChange(cmd.slotBooked);
  const events: TimeSlotGroupStreamEvent[] = [{ type: 'TimeSlotChanged', data }];
  keepsBookedSeats(state, events, cmd.bookedDepartures);
  return events;
}

/**
 * What a booking was sold with and keeps (its manifest line, its voucher): the kind of time and its start and end.
 * A rename, the days offered, the type (Live or On Request, which only decides how new bookings are confirmed)
 * and the rest may change under bookings; these may not.
 */
export function timesChange(was: StoredTimeSlot | TimeSlotFields, now: StoredTimeSlot | TimeSlotFields): boolean {
  return was.timeType !== now.timeType || was.startTime !== now.startTime || was.endTime !== now.endTime;
}

/**
 * Bookings keep the times they were sold with, so new ones at other times would share their departure's seats
 * while manifests and vouchers tell two times apart: the times wait until no guest from today on is booked.
 * Residual window, as for the capacities: a booking taken between the handler's read and this append is not seen.
 */
function timesMayChange(booked: SlotBooked | null | undefined): void {
  // Not read by the handler: the slot changed between its read and this decision; the form must look again.
  if (booked === undefined) throw new ConflictError(STALE_ITEM);
  if (booked === null) return;
  const message = slotTimesLocked(booked.seats, booked.date);
  throw new ValidationError(message, { startTimeDescription: [message] });
}

/** Delete and restore: each states its event once; asking again changes nothing. */
function deleteOrRestoreSlot(cmd: Extract<TimeSlotGroupCommand, { type: 'DeleteTimeSlot' | 'RestoreTimeSlot' }>, state: TimeSlotGroupState): TimeSlotGroupStreamEvent[] {
  const slot = state.slots.find((s) => s.id === cmd.slotId);
  if (!slot) throw timeSlotGroupNotFound();
  const data = { id: cmd.slotId, groupId: cmd.id, supplierId: cmd.supplierId };
  if (cmd.type === 'RestoreTimeSlot') {
    if (!slot.isDeleted) return [];
    nameMustBeFree(state, cmd.slotId, slot.fields.name);
    return [{ type: 'TimeSlotRestored', data }];
  }
  if (slot.isDeleted) return [];
  if (cmd.slotBooked) throw new ValidationError(slotHasBookings(cmd.slotBooked.seats, cmd.slotBooked.date));
  refuseIfBooked(cmd.bookedDepartures, (d) => bookedOnSlot(state, cmd.slotId, d), slotHasBookings);
  return [{ type: 'TimeSlotDeleted', data }];
}

/**
 * Whether a departure's seats are the slot's. An independent slot has departures of its own. The slots of a
 * shared group sell the group's departure, whose seats do not say which slot sold them: they are the slot's
 * when it is the group's last live one (deleting it then leaves the group nothing to sell or list them by).
 * Otherwise the slot's own bookings decide (`slotBooked`, read from the bookings by the handler): a slot is
 * never deleted from under a booking that names it.
 */
function bookedOnSlot(state: TimeSlotGroupState, slotId: number, d: BookedDeparture): boolean {
  if (state.group?.isTimeSlotsIndependant) return d.timeSlotId === slotId;
  return d.timeSlotId === null && !state.slots.some((s) => s.id !== slotId && !s.isDeleted);
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
        if (state.isDeleted) return [];
        refuseIfBooked(cmd.bookedDepartures, () => true, groupHasBookings);
        return [{ type: 'TimeSlotGroupDeleted', data: key }];
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
