import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { MINIMUM_ADVANCED_BOOKING_HOURS, TIME_SLOT_CAPACITY_MAX } from './time-slot-group-events';

/**
 * A time slot of a group, appended to its group's stream (`timeslotgroup-<groupId>`): the group decides the
 * slot's rules (independent capacity) and owns it, so both live on one stream. Created and changed events state
 * the slot whole, with the fields its form hides already cleared: the interval only for Anytime slots, the
 * cut-off only for OnRequest slots, capacity and minimum advanced booking only in an independent group, the
 * external fields only for external fixed-time slots. Times are minutes after midnight (Dubai), days a bitmask.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const key = { id, groupId: id, supplierId: id };
const minute = z.number().int().min(0).max(1439);
const text = (max: number) => z.string().max(max);

const fields = z.object({
  ...key,
  name: z.string().trim().min(1).max(200),
  /** Fixed 0, Anytime 1, NoTime 2. */
  timeType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  startTime: minute,
  endTime: minute,
  interval: z.number().int().min(1).max(1440).nullable(),
  duration: z.number().int().min(0).max(10_080),
  /** Live 0, OnRequest 1. */
  type: z.union([z.literal(0), z.literal(1)]),
  cutOffResponseTime: z.number().int().min(0).max(8760).nullable(),
  /** Bit n-1 is day n (Monday 1 ... Sunday 64); every day is 0. */
  daysOffered: z.number().int().min(0).max(126),
  capacity: z.number().int().min(0).max(TIME_SLOT_CAPACITY_MAX).nullable(),
  minimumAdvancedBooking: z.number().int().min(MINIMUM_ADVANCED_BOOKING_HOURS.min).max(MINIMUM_ADVANCED_BOOKING_HOURS.max).nullable(),
  pickUpTimeId: id.nullable(),
  isExternalId: z.boolean(),
  externalId: text(200),
  externalPerChildId: text(200),
  externalProviderId: id.nullable(),
  /** None 0, QR Code 1, Bar Code 2. */
  externalProviderCodeType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  externalProductId: text(200),
  externalProductMappingValue: text(500),
  externalPerChildProductId: text(200),
  externalPerChildProductMappingValue: text(500),
  externalProviderDiffProductsAdultChild: z.boolean(),
  externalIsTicketPerPax: z.boolean(),
  bookingReferencePrefix: text(50),
  isExternalMismatch: z.boolean(),
});

export const TimeSlotCreated = fields;
export const TimeSlotChanged = fields;
export const TimeSlotDeleted = z.object(key);
export const TimeSlotRestored = z.object(key);

export type TimeSlotData = z.infer<typeof fields>;

/** The schema of each event type, by type. */
export const timeSlotEventTypes = { TimeSlotCreated, TimeSlotChanged, TimeSlotDeleted, TimeSlotRestored };
export type TimeSlotEvent = EventUnion<typeof timeSlotEventTypes>;

const k = { id: 2, groupId: 1, supplierId: 1 };
const example: TimeSlotData = {
  ...k,
  name: 'Morning',
  timeType: 0,
  startTime: 480,
  endTime: 720,
  interval: null,
  duration: 240,
  type: 0,
  cutOffResponseTime: null,
  daysOffered: 0,
  capacity: null,
  minimumAdvancedBooking: null,
  pickUpTimeId: null,
  isExternalId: false,
  externalId: '',
  externalPerChildId: '',
  externalProviderId: null,
  externalProviderCodeType: 0,
  externalProductId: '',
  externalProductMappingValue: '',
  externalPerChildProductId: '',
  externalPerChildProductMappingValue: '',
  externalProviderDiffProductsAdultChild: false,
  externalIsTicketPerPax: false,
  bookingReferencePrefix: '',
  isExternalMismatch: false,
};
export const timeSlotEventSchemas: EventSchemaDefinition[] = [
  { type: 'TimeSlotCreated', version: 1, schema: TimeSlotCreated, example },
  {
    type: 'TimeSlotChanged',
    version: 1,
    schema: TimeSlotChanged,
    example: { ...example, timeType: 1, interval: 30, type: 1, cutOffResponseTime: 24, daysOffered: 1 | 4 | 16, capacity: 12, minimumAdvancedBooking: -2 },
  },
  { type: 'TimeSlotDeleted', version: 1, schema: TimeSlotDeleted, example: k },
  { type: 'TimeSlotRestored', version: 1, schema: TimeSlotRestored, example: k },
];
