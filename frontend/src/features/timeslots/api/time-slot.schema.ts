import { z } from 'zod';
import { flagOrFalse, listOrEmpty, numberOrNull, textOrEmpty } from '../../../lib/api-defaults';
import { EXTERNAL_CODE_TYPE_OPTIONS, SLOT_TYPE_OPTIONS, TIME_TYPE_OPTIONS, type ExternalCodeType, type SlotType, type TimeType } from '@tbo/scheduling/src/pure/time-slot-rules.pure';

/**
 * Time slot groups and their time slots as GET /api/timeslots/groups[/{id}] answer them and the saves take them
 * back (spec 02 §3). Fields a server leaves out or sends as null read as their empty value, so a screen never
 * meets `undefined`.
 */

/** Spec 02 §4: the time types, slot types and external code types are the rules' own (time-slot-rules.pure.ts). */
export type { ExternalCodeType as CodeType, SlotType, TimeType };

/** One of the choices' values; anything else (or nothing) reads as the first. */
const oneOf = <T extends number>(options: readonly { value: T }[]) =>
  z
    .number()
    .nullish()
    .transform((v): T => options.find((o) => o.value === v)?.value ?? options[0]!.value);
const num = numberOrNull;
const text = textOrEmpty;
const flag = flagOrFalse;
/** An id of the provider's system: text or a number there, text here; empty is none. */
const externalRef = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));

/** An offer that sells the slot (its internal name). */
const slotOfferSchema = z.object({ id: z.number(), name: text });

export const timeSlotSchema = z.object({
  id: z.number(),
  groupId: z.number(),
  name: text,
  timeType: oneOf<TimeType>(TIME_TYPE_OPTIONS),
  type: oneOf<SlotType>(SLOT_TYPE_OPTIONS),
  /** Minutes after midnight, and the same as HH:MM. */
  startTime: num,
  endTime: num,
  startTimeDescription: text,
  endTimeDescription: text,
  /** Minutes. */
  interval: num,
  /** Minutes. */
  duration: num,
  /** Hours. */
  cutOffResponseTime: num,
  daysOffered: z
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  capacity: num,
  minimumAdvancedBooking: num,
  pickUpTimeId: num,
  isExternalId: flag,
  externalProviderId: num,
  externalProductId: externalRef,
  /** What the provider calls the product (shown when its list cannot be read). */
  externalProductMappingValue: text,
  externalId: externalRef,
  externalPerChildProductId: externalRef,
  externalPerChildProductMappingValue: text,
  externalPerChildId: externalRef,
  externalProviderCodeType: oneOf<ExternalCodeType>(EXTERNAL_CODE_TYPE_OPTIONS),
  externalProviderDiffProductsAdultChild: flag,
  externalIsTicketPerPax: flag,
  bookingReferencePrefix: text,
  /** The provider's product no longer matches what the slot was mapped to. */
  isExternalMismatch: flag,
  offers: listOrEmpty(slotOfferSchema),
  isDeleted: flag,
  /** The slot's own version: sent back on save; a stale one answers 409. */
  version: num,
});
export type TimeSlot = z.output<typeof timeSlotSchema>;

export const timeSlotGroupSchema = z.object({
  id: z.number(),
  name: text,
  pickUpTimeId: num,
  capacity: num,
  minimumAdvancedBooking: num,
  isTimeSlotsIndependant: flag,
  isDeleted: flag,
  timeSlots: listOrEmpty(timeSlotSchema),
  /** The stream revision: sent back on save; a stale one answers 409. */
  version: num,
});
export type TimeSlotGroup = z.output<typeof timeSlotGroupSchema>;

/** A change's answer carries the read models' position to wait for (?after=). */
export const savedGroupSchema = timeSlotGroupSchema.extend({ position: z.string().nullish() });
export type SavedGroup = z.output<typeof savedGroupSchema>;
export const savedSlotSchema = timeSlotSchema.extend({ position: z.string().nullish() });
export type SavedSlot = z.output<typeof savedSlotSchema>;
