import { ValidationError } from '@tbo/kernel';
import { createEventRegistry, type TimeSlotGroupStreamEvent } from '@tbo/event-schemas';
import { blankTimeSlotFields, blankTimeSlotGroupFields, type TimeSlotFields, type TimeSlotGroupFields } from '../pure/time-slot-rules.pure';
import { timeSlotGroupDecider, type BookedDeparture, type SlotBooked, type TimeSlotGroupCommand } from './time-slot-group';

/** The decider specs' vocabulary: supplier 5's group 9 and its slots. */
export const GROUP = { id: 9, supplierId: 5 };

export const groupFields = (over: Partial<TimeSlotGroupFields> = {}): TimeSlotGroupFields => ({ ...blankTimeSlotGroupFields(), name: 'Safari departures', capacity: 40, minimumAdvancedBooking: 12, ...over });
export const slotFields = (over: Partial<TimeSlotFields> = {}): TimeSlotFields => ({ ...blankTimeSlotFields(), name: 'Morning', startTime: 480, endTime: 720, duration: 240, ...over });

/**
 * `departuresInUseFrom`: the handler's fact for a change of seat sharing; none in use (null) unless given (undefined: not read).
 * `bookedDepartures`: its fact for a lowered capacity; none booked ([]) unless given (undefined: not read).
 */
export const saveGroup = (
  over: Partial<TimeSlotGroupFields> = {},
  isNew = true,
  extra: { supplierId?: number; version?: number | null; departuresInUseFrom?: string | null; bookedDepartures?: BookedDeparture[] } = {},
): TimeSlotGroupCommand => ({
  type: 'SaveTimeSlotGroup',
  ...GROUP,
  supplierId: extra.supplierId ?? GROUP.supplierId,
  isNew,
  group: groupFields(over),
  version: extra.version,
  departuresInUseFrom: 'departuresInUseFrom' in extra ? extra.departuresInUseFrom : null,
  bookedDepartures: 'bookedDepartures' in extra ? extra.bookedDepartures : [],
});

/**
 * `bookedDepartures`: the handler's fact for a lowered capacity; none booked ([]) unless given (undefined: not read).
 * `slotBooked`: its fact for changed times; none booked (null) unless given (undefined: not read).
 */
export const saveSlot = (
  over: Partial<TimeSlotFields> = {},
  isNew = true,
  extra: { slotId?: number; supplierId?: number; version?: number | null; bookedDepartures?: BookedDeparture[]; slotBooked?: SlotBooked | null } = {},
): TimeSlotGroupCommand => ({
  type: 'SaveTimeSlot',
  ...GROUP,
  supplierId: extra.supplierId ?? GROUP.supplierId,
  slotId: extra.slotId ?? 21,
  isNew,
  slot: slotFields(over),
  version: extra.version,
  bookedDepartures: 'bookedDepartures' in extra ? extra.bookedDepartures : [],
  slotBooked: 'slotBooked' in extra ? extra.slotBooked : null,
});

/** A departure with `seats` taken or held on `date`: the group's own unless a slot is named, without a capacity of its own unless given. */
export const booked = (date: string, seats: number, over: Partial<BookedDeparture> = {}): BookedDeparture => ({ timeSlotId: null, date, seats, capacity: null, ...over });

const registry = createEventRegistry();

/** Decides on the events so far and checks every event decided is one the store would accept. */
export function decided(history: TimeSlotGroupStreamEvent[], command: TimeSlotGroupCommand): TimeSlotGroupStreamEvent[] {
  const state = history.reduce((s, e) => timeSlotGroupDecider.evolve(s, e), timeSlotGroupDecider.initialState);
  const events = timeSlotGroupDecider.decide(command, state);
  for (const e of events) registry.validate(e.type, e.data);
  return events;
}

/** A group created with `over`, as its events. */
export const createdGroup = (over: Partial<TimeSlotGroupFields> = {}) => decided([], saveGroup(over));

/** The decision is refused with a ValidationError that names `field` alone, with `message`. */
export function expectRefused(run: () => unknown, field: string, message: string): void {
  expect(run).toThrow(ValidationError);
  expect(run).toThrow(message);
  try {
    run();
  } catch (e) {
    expect((e as ValidationError).details).toEqual({ [field]: [message] });
  }
}
