import { z } from 'zod';
import { editedVersion, idOrZero, PG_INT_MAX, wholeNumber, type CommandContext } from '@tbo/kernel';
import { DAY_OPTION_VALUES, daysOfferedMask, normalizeDaysOffered } from '../pure/days-offered.pure';
import { slotTimeInput } from '../pure/time-of-day.pure';
import { blankTimeSlotGroupFields, TIME_SLOT_LIMITS as L, TIME_SLOT_MESSAGES, type TimeSlotFields, type TimeSlotGroupFields } from '../pure/time-slot-rules.pure';

/*
 * The forms as the edit screens send them: the GET shape, id 0 for a new item, the version it was read at.
 * Types, ids and text sizes are checked here; ranges and required fields by the decider, with the spec's
 * messages (so any whole number passes here). Fields the GET answers but a save does not take (isDeleted,
 * position, timeSlots, offers, the derived time and day fields) are ignored, as are unknown fields.
 */

const text = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
const flag = (label: string) => z.boolean({ message: `${label} must be true or false` }).nullish().transform((v) => v ?? false);
const whole = (label: string) => wholeNumber(label, -PG_INT_MAX, PG_INT_MAX).nullish().transform((v) => v ?? null);
/** An optional reference: 0 and null are none. */
const ref = (label: string) => idOrZero(label).nullish().transform((v) => v || null);
const choice = <T extends number>(values: readonly T[], message: string) =>
  z
    .number({ message })
    .refine((v): v is T => (values as readonly number[]).includes(v), message)
    .nullish()
    .transform((v) => (v ?? values[0]) as T);
/** A time as HH:MM text; unreadable text is 0:0 (spec 02 §4), only its length is refused here. */
const timeText = (label: string) => z.string({ message: `${label} must be text (HH:MM)` }).max(20, `${label} is at most 20 characters`).nullish();
/** Minutes after midnight, sent beside (and overridden by) the HH:MM text: one past the day is refused, not stored as 0:0. */
const minutes = (label: string) => wholeNumber(label, 0, 24 * 60 - 1).nullish();

const edited = {
  id: idOrZero('id').nullish().transform((v) => v ?? 0),
  version: editedVersion().nullish(),
};

/** A group save as sent: a field left out (undefined) keeps the stored group's value on an update (groupFieldsToSave). */
export type SentTimeSlotGroupFields = { [K in keyof TimeSlotGroupFields]?: TimeSlotGroupFields[K] | undefined };
/** A group field: left out stays undefined; null is cleared as before (0 and null are no pick-up time). */
const keptOr = <T, U>(field: z.ZodType<T>, cleared: (v: T | null) => U) => field.nullish().transform((v) => (v === undefined ? undefined : cleared(v)));

export const saveTimeSlotGroupInput = z
  .object({
    ...edited,
    name: keptOr(z.string({ message: 'Group name must be text' }).max(L.nameMax, `Group name is at most ${L.nameMax} characters`), (v) => v ?? ''),
    capacity: keptOr(wholeNumber('Capacity', -PG_INT_MAX, PG_INT_MAX), (v) => v),
    minimumAdvancedBooking: keptOr(wholeNumber('Minimum advanced booking', -PG_INT_MAX, PG_INT_MAX), (v) => v ?? 0),
    pickUpTimeId: keptOr(idOrZero('pickUpTimeId'), (v) => v || null),
    isTimeSlotsIndependant: keptOr(z.boolean({ message: 'isTimeSlotsIndependant must be true or false' }), (v) => v ?? false),
  })
  .transform(({ id, version, ...group }): { id: number; version: number | null | undefined; group: SentTimeSlotGroupFields } => ({ id, version, group }));
export type SaveTimeSlotGroupInput = z.output<typeof saveTimeSlotGroupInput>;

export const saveTimeSlotInput = z
  .object({
    ...edited,
    groupId: idOrZero('groupId').nullish(),
    name: text(L.nameMax, 'Time slot name'),
    timeType: choice([0, 1, 2] as const, 'timeType must be 0 (Fixed), 1 (Anytime) or 2 (NoTime)'),
    startTime: minutes('startTime'),
    endTime: minutes('endTime'),
    startTimeDescription: timeText('startTimeDescription'),
    endTimeDescription: timeText('endTimeDescription'),
    interval: whole('Interval'),
    duration: whole('Duration').transform((v) => v ?? 0),
    type: choice([0, 1] as const, 'type must be 0 (Live) or 1 (OnRequest)'),
    cutOffResponseTime: whole('Cut-off response time'),
    daysOffered: wholeNumber('daysOffered', 0, 127).nullish(),
    daysOfferedList: z
      .array(choice(DAY_OPTION_VALUES, `daysOfferedList values must be ${DAY_OPTION_VALUES.join(', ')}`), { message: 'daysOfferedList must be a list' })
      .max(8, 'daysOfferedList: at most 8 values')
      .nullish(),
    capacity: whole('Capacity'),
    minimumAdvancedBooking: whole('Minimum advanced booking'),
    pickUpTimeId: ref('pickUpTimeId'),
    isExternalId: flag('isExternalId'),
    externalId: text(L.externalIdMax, 'externalId'),
    externalPerChildId: text(L.externalIdMax, 'externalPerChildId'),
    externalProviderId: ref('externalProviderId'),
    externalProviderCodeType: choice([0, 1, 2] as const, 'externalProviderCodeType must be 0 (None), 1 (QR Code) or 2 (Bar Code)'),
    externalProductId: text(L.externalIdMax, 'externalProductId'),
    externalProductMappingValue: text(L.mappingValueMax, 'externalProductMappingValue'),
    externalPerChildProductId: text(L.externalIdMax, 'externalPerChildProductId'),
    externalPerChildProductMappingValue: text(L.mappingValueMax, 'externalPerChildProductMappingValue'),
    externalProviderDiffProductsAdultChild: flag('externalProviderDiffProductsAdultChild'),
    externalIsTicketPerPax: flag('externalIsTicketPerPax'),
    bookingReferencePrefix: text(L.bookingReferencePrefixMax, 'bookingReferencePrefix'),
    isExternalMismatch: flag('isExternalMismatch'),
  })
  .transform((b, ctx) => {
    // Spec 02 §8: a slot saved before its group is known.
    if (!b.groupId) {
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: TIME_SLOT_MESSAGES.groupNotInitialized });
      return z.NEVER;
    }
    const { id, version, groupId, startTime, endTime, startTimeDescription, endTimeDescription, daysOffered, daysOfferedList, ...rest } = b;
    const slot: TimeSlotFields = {
      ...rest,
      // The form edits HH:MM text and the multi-choice: those win over the numbers they are shown beside.
      startTime: slotTimeInput(startTimeDescription, startTime),
      endTime: slotTimeInput(endTimeDescription, endTime),
      daysOffered: daysOfferedList ? daysOfferedMask(daysOfferedList) : normalizeDaysOffered(daysOffered),
    };
    return { id, version, groupId, slot };
  });
export type SaveTimeSlotInput = z.output<typeof saveTimeSlotInput>;

/**
 * The fields a group save stores: on an update, what it left out is the stored group's (a client sending only the
 * name and capacity must not reset the minimum advanced booking and pick-up time); a new group, or one not found,
 * takes the blank defaults.
 */
export function groupFieldsToSave(sent: SentTimeSlotGroupFields, stored: TimeSlotGroupFields | null | undefined): TimeSlotGroupFields {
  const base = stored ?? blankTimeSlotGroupFields();
  const or = <T>(v: T | undefined, kept: T): T => (v === undefined ? kept : v);
  return {
    name: or(sent.name, base.name),
    capacity: or(sent.capacity, base.capacity),
    minimumAdvancedBooking: or(sent.minimumAdvancedBooking, base.minimumAdvancedBooking),
    pickUpTimeId: or(sent.pickUpTimeId, base.pickUpTimeId),
    isTimeSlotsIndependant: or(sent.isTimeSlotsIndependant, base.isTimeSlotsIndependant),
  };
}

export class SaveTimeSlotGroupCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    /** A field left out (undefined) keeps the stored group's value on an update. */
    readonly group: SentTimeSlotGroupFields,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}

export class DeleteTimeSlotGroupCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly restore: boolean,
    readonly context: CommandContext,
  ) {}
}

export class SaveTimeSlotCommand {
  constructor(
    readonly supplierId: number,
    readonly groupId: number,
    readonly id: number,
    readonly slot: TimeSlotFields,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}

export class DeleteTimeSlotCommand {
  constructor(
    readonly supplierId: number,
    readonly groupId: number,
    readonly id: number,
    readonly restore: boolean,
    readonly context: CommandContext,
  ) {}
}
