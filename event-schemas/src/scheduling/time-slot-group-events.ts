import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import type { TimeSlotEvent } from './time-slot-events';

/**
 * A supplier's time slot group (stream `timeslotgroup-<id>`): a name, the seats its slots share, how long
 * before a slot a booking must be made, an optional pick-up time, and whether its slots are independent
 * (each with its own capacity and minimum advanced booking). Created and changed events state the group
 * whole. The group's slots are appended to the same stream (time-slot-events.ts).
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const key = { id, supplierId: id };

/** Spec 02 §9: capacity 1 to 999999, minimum advanced booking -23 to 2400 hours. */
export const TIME_SLOT_CAPACITY_MAX = 999_999;
export const MINIMUM_ADVANCED_BOOKING_HOURS = { min: -23, max: 2400 } as const;

const fields = z.object({
  ...key,
  name: z.string().trim().min(1).max(200),
  capacity: z.number().int().min(1).max(TIME_SLOT_CAPACITY_MAX),
  minimumAdvancedBooking: z.number().int().min(MINIMUM_ADVANCED_BOOKING_HOURS.min).max(MINIMUM_ADVANCED_BOOKING_HOURS.max),
  pickUpTimeId: id.nullable(),
  isTimeSlotsIndependant: z.boolean(),
});

export const TimeSlotGroupCreated = fields;
export const TimeSlotGroupChanged = fields;
export const TimeSlotGroupDeleted = z.object(key);
export const TimeSlotGroupRestored = z.object(key);

export type TimeSlotGroupData = z.infer<typeof fields>;

/** The schema of each event type, by type. */
export const timeSlotGroupEventTypes = { TimeSlotGroupCreated, TimeSlotGroupChanged, TimeSlotGroupDeleted, TimeSlotGroupRestored };
export type TimeSlotGroupEvent = EventUnion<typeof timeSlotGroupEventTypes>;

/** Everything a group's stream holds: the group's events and its slots'. */
export type TimeSlotGroupStreamEvent = TimeSlotGroupEvent | TimeSlotEvent;

const k = { id: 1, supplierId: 1 };
const example = { ...k, name: 'Desert safari departures', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: false };
export const timeSlotGroupEventSchemas: EventSchemaDefinition[] = [
  { type: 'TimeSlotGroupCreated', version: 1, schema: TimeSlotGroupCreated, example },
  { type: 'TimeSlotGroupChanged', version: 1, schema: TimeSlotGroupChanged, example: { ...example, pickUpTimeId: 3, isTimeSlotsIndependant: true } },
  { type: 'TimeSlotGroupDeleted', version: 1, schema: TimeSlotGroupDeleted, example: k },
  { type: 'TimeSlotGroupRestored', version: 1, schema: TimeSlotGroupRestored, example: k },
];
