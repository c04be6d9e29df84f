import { daysOfferedList } from '../pure/days-offered.pure';
import { slotTimeFields, type SlotTimeFields } from '../pure/time-of-day.pure';
import { TIME_TYPE } from '../pure/time-slot-rules.pure';
import type { StoredTimeSlot, StoredTimeSlotGroup, TimeSlotGroupState } from './time-slot-group';

/** An offer that sells a slot (spec 02 §3 time slot `offers`): name is the offer's internal name. */
export interface TimeSlotOffer {
  id: number;
  name: string;
}

/** A slot as every call answers it: the stored fields and what the screens read off them (spec 02 §3). */
export interface TimeSlot extends StoredTimeSlot, SlotTimeFields {
  id: number;
  groupId: number;
  isAnytime: boolean;
  isAnyTime: boolean;
  isNoTime: boolean;
  daysOfferedList: number[];
  offers: TimeSlotOffer[];
  isDeleted: boolean;
  version: number;
}

export interface TimeSlotGroup extends StoredTimeSlotGroup {
  id: number;
  isDeleted: boolean;
  version: number;
  timeSlots: TimeSlot[];
}

export interface TimeSlotItem {
  id: number;
  groupId: number;
  fields: StoredTimeSlot;
  isDeleted: boolean;
  version: number;
}

export function timeSlotView(item: TimeSlotItem, offers: TimeSlotOffer[] = []): TimeSlot {
  const f = item.fields;
  const anytime = f.timeType === TIME_TYPE.anytime;
  return {
    id: item.id,
    groupId: item.groupId,
    ...f,
    ...slotTimeFields(f.startTime, f.endTime),
    isAnytime: anytime,
    isAnyTime: anytime,
    isNoTime: f.timeType === TIME_TYPE.noTime,
    daysOfferedList: daysOfferedList(f.daysOffered),
    offers,
    isDeleted: item.isDeleted,
    version: item.version,
  };
}

/** Slots as the group editor lists them: by start time, then name, then id (deleted ones included: the screen filters). */
export function slotOrder(a: Pick<TimeSlot, 'startTime' | 'name' | 'id'>, b: Pick<TimeSlot, 'startTime' | 'name' | 'id'>): number {
  return a.startTime - b.startTime || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;
}

export function timeSlotGroupView(group: { id: number; fields: StoredTimeSlotGroup; isDeleted: boolean; version: number }, slots: TimeSlot[]): TimeSlotGroup {
  return { id: group.id, ...group.fields, isDeleted: group.isDeleted, version: group.version, timeSlots: [...slots].sort(slotOrder) };
}

/** The group and its slots from the decider's state (a command's answer). */
export function timeSlotGroupFromState(state: TimeSlotGroupState, offersOf: (slotId: number) => TimeSlotOffer[] = () => []): TimeSlotGroup {
  const slots = state.slots.map((s) => timeSlotView({ id: s.id, groupId: state.id, fields: s.fields, isDeleted: s.isDeleted, version: s.version }, offersOf(s.id)));
  return timeSlotGroupView({ id: state.id, fields: state.group!, isDeleted: state.isDeleted, version: state.version }, slots);
}
