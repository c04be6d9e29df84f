/**
 * The rules of time slot groups and time slots (spec 02 §3, §4, §5, §9), stated once for the decider and the
 * browser's forms: the choices, the limits, the messages, which fields a slot keeps, and what is refused.
 * Pure: the web client imports this file.
 */
import { normalizeDaysOffered } from './days-offered.pure';
import { minuteOfDay } from './time-of-day.pure';

export type TimeType = 0 | 1 | 2;
export type SlotType = 0 | 1;
export type ExternalCodeType = 0 | 1 | 2;

/** Time type: Fixed 0, Anytime 1 (the guest defines the time), NoTime 2. */
export const TIME_TYPE = { fixed: 0, anytime: 1, noTime: 2 } as const satisfies Record<string, TimeType>;
/** Time slot type: Live 0 (live availability), OnRequest 1 (manual confirmation). */
export const SLOT_TYPE = { live: 0, onRequest: 1 } as const satisfies Record<string, SlotType>;

/**
 * The minute of the day a slot's minimumAdvancedBooking hours count back from: its start time, which for an Anytime
 * slot is its opening time (the earliest a guest comes); a slot with no time has only its day, so 00:00. The
 * add-booking choices, the booking itself and OCTO's availability all close sales by it.
 */
export const advanceFromMinute = (s: { timeType: number; startTime: number }): number => (s.timeType === TIME_TYPE.noTime ? 0 : s.startTime);
/** External code type: None 0, QR Code 1, Bar Code 2. */
export const EXTERNAL_CODE_TYPE = { none: 0, qrCode: 1, barCode: 2 } as const satisfies Record<string, ExternalCodeType>;

export const TIME_TYPE_OPTIONS = [
  { value: 0, name: 'Fixed' },
  { value: 1, name: 'Anytime' },
  { value: 2, name: 'NoTime' },
] as const;
export const SLOT_TYPE_OPTIONS = [
  { value: 0, name: 'Live' },
  { value: 1, name: 'OnRequest' },
] as const;
export const EXTERNAL_CODE_TYPE_OPTIONS = [
  { value: 0, name: 'None' },
  { value: 1, name: 'QR Code' },
  { value: 2, name: 'Bar Code' },
] as const;

/** Spec 02 §9, and the bounds the spec leaves open (interval, duration, cut-off) set where no tour goes past them. */
export const TIME_SLOT_LIMITS = {
  groupCapacityMin: 1,
  capacityMax: 999_999,
  minimumAdvancedBookingMin: -23,
  minimumAdvancedBookingMax: 2400,
  slotCapacityMin: 0,
  cutOffResponseTimeMax: 8760,
  intervalMax: 1440,
  durationMax: 10_080,
  nameMax: 200,
  externalIdMax: 200,
  mappingValueMax: 500,
  bookingReferencePrefixMax: 50,
} as const;

const L = TIME_SLOT_LIMITS;

export const TIME_SLOT_MESSAGES = {
  groupName: 'Group name is required',
  groupCapacity: `Capacity is required and must be between ${L.groupCapacityMin} and ${L.capacityMax}`,
  minimumAdvancedBooking: `Minimum advanced booking must be between ${L.minimumAdvancedBookingMin} and ${L.minimumAdvancedBookingMax} hours`,
  name: 'Time slot name is required',
  interval: 'Interval is required',
  intervalMax: `Interval must be at most ${L.intervalMax} minutes`,
  capacity: `Capacity must be between ${L.slotCapacityMin} and ${L.capacityMax}`,
  cutOffResponseTime: `Cut-off response time must be between 0 and ${L.cutOffResponseTimeMax} hours`,
  duration: `Duration must be between 0 and ${L.durationMax} minutes`,
  groupNotInitialized: 'Time slot group not initialized',
  notFound: 'Time slot group not found or you are not allowed to manage it',
} as const;

export type FieldProblems = Record<string, string[]>;

export interface TimeSlotGroupFields {
  name: string;
  /** Required; null only as sent, before the rules refuse it. */
  capacity: number | null;
  /** Hours; negative means the booking may start after the slot began. */
  minimumAdvancedBooking: number;
  pickUpTimeId: number | null;
  isTimeSlotsIndependant: boolean;
}

/** The external provider's fields: kept only for fixed-time slots that are external. */
export interface TimeSlotExternalFields {
  isExternalId: boolean;
  externalId: string;
  externalPerChildId: string;
  externalProviderId: number | null;
  externalProviderCodeType: ExternalCodeType;
  externalProductId: string;
  externalProductMappingValue: string;
  externalPerChildProductId: string;
  externalPerChildProductMappingValue: string;
  externalProviderDiffProductsAdultChild: boolean;
  externalIsTicketPerPax: boolean;
  bookingReferencePrefix: string;
  isExternalMismatch: boolean;
}

export interface TimeSlotFields extends TimeSlotExternalFields {
  name: string;
  timeType: TimeType;
  /** Minutes after midnight. */
  startTime: number;
  endTime: number;
  /** Minutes; Anytime slots only. */
  interval: number | null;
  /** Minutes. */
  duration: number;
  type: SlotType;
  /** Hours; OnRequest slots only; null (or 0, kept as null): the booking side's default. */
  cutOffResponseTime: number | null;
  daysOffered: number;
  /** Only when the group's slots are independent. */
  capacity: number | null;
  minimumAdvancedBooking: number | null;
  pickUpTimeId: number | null;
}

export function blankExternalFields(): TimeSlotExternalFields {
  return {
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
}

export function blankTimeSlotGroupFields(): TimeSlotGroupFields {
  return { name: '', capacity: null, minimumAdvancedBooking: 0, pickUpTimeId: null, isTimeSlotsIndependant: false };
}

export function blankTimeSlotFields(): TimeSlotFields {
  return {
    name: '',
    timeType: 0,
    startTime: 0,
    endTime: 0,
    interval: null,
    duration: 0,
    type: 0,
    cutOffResponseTime: null,
    daysOffered: 0,
    capacity: null,
    minimumAdvancedBooking: null,
    pickUpTimeId: null,
    ...blankExternalFields(),
  };
}

const within = (v: number | null, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

export function normalizeTimeSlotGroup(g: TimeSlotGroupFields): TimeSlotGroupFields {
  return { ...g, name: g.name.trim() };
}

/** Spec 02 §5 for a group, as field errors. */
export function timeSlotGroupProblems(g: TimeSlotGroupFields): FieldProblems {
  const errors: FieldProblems = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!g.name.trim()) add('name', TIME_SLOT_MESSAGES.groupName);
  if (!within(g.capacity, L.groupCapacityMin, L.capacityMax)) add('capacity', TIME_SLOT_MESSAGES.groupCapacity);
  if (!within(g.minimumAdvancedBooking, L.minimumAdvancedBookingMin, L.minimumAdvancedBookingMax)) add('minimumAdvancedBooking', TIME_SLOT_MESSAGES.minimumAdvancedBooking);
  return errors;
}

/** What a slot's rules need of its group. */
export type SlotsGroup = Pick<TimeSlotGroupFields, 'isTimeSlotsIndependant' | 'capacity' | 'minimumAdvancedBooking'>;

/**
 * The slot as it is kept: what the form hides is cleared, so the stored slot never holds a value nobody can see
 * or change. The interval belongs to Anytime slots, the cut-off to OnRequest slots, capacity and minimum advanced
 * booking to slots of an independent group, and the external fields to fixed-time slots that are external
 * ('Is External' off clears them all). Days are stored in their one form (every day is 0). An independent slot
 * without a capacity or minimum advanced booking of its own starts with the group's, so making a group's slots
 * independent never leaves them without seats.
 */
export function normalizeTimeSlot(s: TimeSlotFields, group: SlotsGroup): TimeSlotFields {
  const independent = group.isTimeSlotsIndependant;
  const external = s.timeType === TIME_TYPE.fixed && s.isExternalId;
  const externalFields: TimeSlotExternalFields = external
    ? {
        ...s,
        isExternalId: true,
        externalId: s.externalId.trim(),
        externalPerChildId: s.externalPerChildId.trim(),
        externalProductId: s.externalProductId.trim(),
        externalPerChildProductId: s.externalPerChildProductId.trim(),
        bookingReferencePrefix: s.bookingReferencePrefix.trim(),
      }
    : blankExternalFields();
  return {
    name: s.name.trim(),
    timeType: s.timeType,
    startTime: minuteOfDay(s.startTime),
    endTime: minuteOfDay(s.endTime),
    interval: s.timeType === TIME_TYPE.anytime ? s.interval : null,
    duration: s.duration,
    type: s.type,
    // None is kept as none: a booking is then due in the default hours (new-booking.rules.ts). 0 is none too: a
    // window of 0 hours makes every booking overdue the moment it is made, which no supplier means, and a blank
    // cut-off was stored as 0 before, so a 0 read back into the form and saved again is cleared.
    cutOffResponseTime: s.type === SLOT_TYPE.onRequest ? s.cutOffResponseTime || null : null,
    daysOffered: normalizeDaysOffered(s.daysOffered),
    capacity: independent ? (s.capacity ?? group.capacity ?? 0) : null,
    minimumAdvancedBooking: independent ? (s.minimumAdvancedBooking ?? group.minimumAdvancedBooking) : null,
    pickUpTimeId: s.pickUpTimeId,
    isExternalId: externalFields.isExternalId,
    externalId: externalFields.externalId,
    externalPerChildId: externalFields.externalPerChildId,
    externalProviderId: externalFields.externalProviderId,
    externalProviderCodeType: externalFields.externalProviderCodeType,
    externalProductId: externalFields.externalProductId,
    externalProductMappingValue: externalFields.externalProductMappingValue,
    externalPerChildProductId: externalFields.externalPerChildProductId,
    externalPerChildProductMappingValue: externalFields.externalPerChildProductMappingValue,
    externalProviderDiffProductsAdultChild: externalFields.externalProviderDiffProductsAdultChild,
    externalIsTicketPerPax: externalFields.externalIsTicketPerPax,
    bookingReferencePrefix: externalFields.bookingReferencePrefix,
    isExternalMismatch: externalFields.isExternalMismatch,
  };
}

/** Spec 02 §5 for a slot, as field errors; checked on the normalized slot, so a hidden field is never refused. */
export function timeSlotProblems(s: TimeSlotFields): FieldProblems {
  const errors: FieldProblems = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!s.name.trim()) add('name', TIME_SLOT_MESSAGES.name);
  if (s.timeType === TIME_TYPE.anytime && !s.isExternalId) {
    if (!(typeof s.interval === 'number' && s.interval > 0)) add('interval', TIME_SLOT_MESSAGES.interval);
    else if (s.interval > L.intervalMax) add('interval', TIME_SLOT_MESSAGES.intervalMax);
  }
  if (!within(s.duration, 0, L.durationMax)) add('duration', TIME_SLOT_MESSAGES.duration);
  if (s.cutOffResponseTime !== null && !within(s.cutOffResponseTime, 0, L.cutOffResponseTimeMax)) add('cutOffResponseTime', TIME_SLOT_MESSAGES.cutOffResponseTime);
  if (s.capacity !== null && !within(s.capacity, L.slotCapacityMin, L.capacityMax)) add('capacity', TIME_SLOT_MESSAGES.capacity);
  if (s.minimumAdvancedBooking !== null && !within(s.minimumAdvancedBooking, L.minimumAdvancedBookingMin, L.minimumAdvancedBookingMax)) {
    add('minimumAdvancedBooking', TIME_SLOT_MESSAGES.minimumAdvancedBooking);
  }
  return errors;
}
