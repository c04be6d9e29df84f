import { z } from 'zod';
import { daysOfferedList, daysOfferedMask } from '@tbo/scheduling/src/pure/days-offered.pure';
import { timeToMinutes } from '@tbo/scheduling/src/pure/time-of-day.pure';
import { normalizeTimeSlot, SLOT_TYPE, TIME_TYPE, timeSlotProblems, type SlotsGroup, type TimeSlotFields } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import type { SlotPayload } from '../api/save-time-slot';
import type { CodeType, SlotType, TimeSlot, TimeType } from '../api/time-slot.schema';
import { addProblems, type Translate } from '../rule-messages';
import { hhmm } from './slot-display';

/**
 * The time slot form (spec 02 §3 Time slot, §4, §5, §9): its values, which fields a slot shows, the check (the
 * server's own rules, time-slot-rules.pure.ts, run on the slot as it would be kept) and the conversions to and
 * from the API shape. Pure, unit-tested in slot-form.spec.ts.
 */

export interface SlotForm {
  name: string;
  timeType: TimeType;
  type: SlotType;
  /** HH:MM as typed. */
  startTimeDescription: string;
  endTimeDescription: string;
  /** Minutes. */
  interval: number | null;
  /** Minutes. */
  duration: number | null;
  /** Hours. */
  cutOffResponseTime: number | null;
  /** The multi-choice's values: [0] for every day, else the days' flags. */
  daysOffered: number[];
  capacity: number | null;
  minimumAdvancedBooking: number | null;
  pickUpTimeId: number | null;
  isExternalId: boolean;
  externalProviderId: number | null;
  externalProductId: string | null;
  /** The product's option at the provider (its id; empty is the product's default option). */
  externalProductMappingValue: string | null;
  externalId: string | null;
  externalProviderCodeType: CodeType;
  bookingReferencePrefix: string;
  externalIsTicketPerPax: boolean;
  externalProviderDiffProductsAdultChild: boolean;
  externalPerChildProductId: string | null;
  externalPerChildProductMappingValue: string | null;
  externalPerChildId: string | null;
  isExternalMismatch: boolean;
}

/** The external fields and their 'off' values: turning 'Is External' off sets them all back (spec 02 §2). */
export const EXTERNAL_OFF = {
  externalProviderId: null,
  externalProductId: null,
  externalProductMappingValue: '',
  externalId: null,
  externalProviderCodeType: 0,
  bookingReferencePrefix: '',
  externalIsTicketPerPax: false,
  externalProviderDiffProductsAdultChild: false,
  externalPerChildProductId: null,
  externalPerChildProductMappingValue: '',
  externalPerChildId: null,
  isExternalMismatch: false,
} as const satisfies Partial<SlotForm>;

const PRODUCT_OFF = { externalProductId: null, externalProductMappingValue: '', externalId: null, isExternalMismatch: false } as const;
/** A new product: its option (set again to its default by the editor), its time slot, and the mismatch are reset. */
const NEW_PRODUCT = { externalProductMappingValue: '', externalId: null, isExternalMismatch: false } as const;
const CHILD_OFF = { externalPerChildProductId: null, externalPerChildProductMappingValue: '', externalPerChildId: null } as const;

/** What a change of one field clears (the user's own changes only: loading a slot clears nothing). */
export function clearedBy(name: string | undefined, values: Partial<SlotForm>): Partial<SlotForm> | null {
  if (name === 'isExternalId' && !values.isExternalId) return EXTERNAL_OFF;
  if (name === 'externalProviderId') return { ...PRODUCT_OFF, ...CHILD_OFF };
  if (name === 'externalProductId') return NEW_PRODUCT;
  if (name === 'externalProductMappingValue') return { externalId: null };
  if (name === 'externalPerChildProductId') return { externalPerChildProductMappingValue: '', externalPerChildId: null };
  if (name === 'externalPerChildProductMappingValue') return { externalPerChildId: null };
  if (name === 'externalProviderDiffProductsAdultChild' && !values.externalProviderDiffProductsAdultChild) return CHILD_OFF;
  return null;
}

/** Which fields a slot shows (spec 02 §2, §5). */
export function visibleFields(v: Pick<SlotForm, 'timeType' | 'type' | 'isExternalId' | 'externalProviderDiffProductsAdultChild'>, independent: boolean) {
  const fixed = v.timeType === TIME_TYPE.fixed;
  return {
    times: v.timeType !== TIME_TYPE.noTime,
    interval: v.timeType === TIME_TYPE.anytime,
    cutOff: v.type === SLOT_TYPE.onRequest,
    capacity: independent,
    external: fixed,
    externalFields: fixed && v.isExternalId,
    childProduct: fixed && v.isExternalId && v.externalProviderDiffProductsAdultChild,
  };
}

/** The form's values as the rules read them (the server reads the same from the payload). */
export function slotFieldsOf(f: SlotForm): TimeSlotFields {
  return {
    name: f.name,
    timeType: f.timeType,
    startTime: timeToMinutes(f.startTimeDescription),
    endTime: timeToMinutes(f.endTimeDescription),
    interval: f.interval,
    duration: f.duration ?? 0,
    type: f.type,
    cutOffResponseTime: f.cutOffResponseTime,
    daysOffered: daysOfferedMask(f.daysOffered),
    capacity: f.capacity,
    minimumAdvancedBooking: f.minimumAdvancedBooking,
    pickUpTimeId: f.pickUpTimeId || null,
    isExternalId: f.isExternalId,
    externalProviderId: f.externalProviderId || null,
    externalProductId: f.externalProductId ?? '',
    externalProductMappingValue: f.externalProductMappingValue ?? '',
    externalId: f.externalId ?? '',
    externalProviderCodeType: f.externalProviderCodeType,
    bookingReferencePrefix: f.bookingReferencePrefix,
    externalIsTicketPerPax: f.externalIsTicketPerPax,
    externalProviderDiffProductsAdultChild: f.externalProviderDiffProductsAdultChild,
    externalPerChildProductId: f.externalProviderDiffProductsAdultChild ? (f.externalPerChildProductId ?? '') : '',
    externalPerChildProductMappingValue: f.externalProviderDiffProductsAdultChild ? (f.externalPerChildProductMappingValue ?? '') : '',
    externalPerChildId: f.externalProviderDiffProductsAdultChild ? (f.externalPerChildId ?? '') : '',
    isExternalMismatch: f.isExternalMismatch,
  };
}

/** The check of spec 02 §5, on the slot as it would be kept (hidden fields cleared, so they are never refused). */
export function buildSlotSchema(t: Translate, group: SlotsGroup) {
  const num = z.number().nullable();
  const ref = z.string().nullable();
  return z
    .object({
      name: z.string(),
      timeType: z.literal([0, 1, 2]),
      type: z.literal([0, 1]),
      startTimeDescription: z.string(),
      endTimeDescription: z.string(),
      interval: num,
      duration: num,
      cutOffResponseTime: num,
      daysOffered: z.array(z.number()),
      capacity: num,
      minimumAdvancedBooking: num,
      pickUpTimeId: num,
      isExternalId: z.boolean(),
      externalProviderId: num,
      externalProductId: ref,
      externalProductMappingValue: ref,
      externalId: ref,
      externalProviderCodeType: z.literal([0, 1, 2]),
      bookingReferencePrefix: z.string(),
      externalIsTicketPerPax: z.boolean(),
      externalProviderDiffProductsAdultChild: z.boolean(),
      externalPerChildProductId: ref,
      externalPerChildProductMappingValue: ref,
      externalPerChildId: ref,
      isExternalMismatch: z.boolean(),
    })
    .superRefine((v, ctx) => addProblems(timeSlotProblems(normalizeTimeSlot(slotFieldsOf(v), group)), ctx, t));
}

/** A new slot: fixed time from 00:00 to 00:00, live, every day, no interval, duration or cut-off yet; not external. */
export function blankSlotForm(): SlotForm {
  return {
    name: '',
    timeType: TIME_TYPE.fixed,
    type: SLOT_TYPE.live,
    startTimeDescription: '00:00',
    endTimeDescription: '00:00',
    interval: null,
    duration: null,
    cutOffResponseTime: null,
    daysOffered: daysOfferedList(0),
    capacity: null,
    minimumAdvancedBooking: null,
    pickUpTimeId: null,
    isExternalId: false,
    ...EXTERNAL_OFF,
  };
}

export function slotToForm(s: TimeSlot): SlotForm {
  const external = s.isExternalId && s.timeType === TIME_TYPE.fixed;
  const perChild = external && s.externalProviderDiffProductsAdultChild;
  const form: SlotForm = {
    ...blankSlotForm(),
    name: s.name,
    timeType: s.timeType,
    type: s.type,
    startTimeDescription: hhmm(s.startTimeDescription),
    endTimeDescription: hhmm(s.endTimeDescription),
    interval: s.interval,
    duration: s.duration,
    cutOffResponseTime: s.cutOffResponseTime,
    daysOffered: daysOfferedList(s.daysOffered),
    capacity: s.capacity,
    minimumAdvancedBooking: s.minimumAdvancedBooking,
    pickUpTimeId: s.pickUpTimeId || null,
  };
  if (!external) return form;
  return {
    ...form,
    isExternalId: true,
    externalProviderId: s.externalProviderId,
    externalProductId: s.externalProductId,
    externalProductMappingValue: s.externalProductMappingValue,
    externalId: s.externalId,
    externalProviderCodeType: s.externalProviderCodeType,
    bookingReferencePrefix: s.bookingReferencePrefix,
    externalIsTicketPerPax: s.externalIsTicketPerPax,
    externalProviderDiffProductsAdultChild: s.externalProviderDiffProductsAdultChild,
    externalPerChildProductId: perChild ? s.externalPerChildProductId : null,
    externalPerChildProductMappingValue: perChild ? s.externalPerChildProductMappingValue : '',
    externalPerChildId: perChild ? s.externalPerChildId : null,
    isExternalMismatch: s.isExternalMismatch,
  };
}

/**
 * The form → what POST/PUT /api/timeslots take: the slot as it will be kept (what the form hides is cleared, spec
 * 02 §5), the times also as HH:MM read by the spec's rule (unreadable text is 00:00), the days also as the list.
 */
export function slotPayload(f: SlotForm, base: { id: number; groupId: number; version: number | null }, group: SlotsGroup): SlotPayload {
  const slot = normalizeTimeSlot(slotFieldsOf(f), group);
  return {
    id: base.id,
    groupId: base.groupId,
    version: base.version,
    ...slot,
    startTimeDescription: hhmm(f.startTimeDescription),
    endTimeDescription: hhmm(f.endTimeDescription),
    daysOfferedList: daysOfferedList(slot.daysOffered),
  };
}

const FORM_FIELDS = new Set<string>(Object.keys(blankSlotForm()));

/** A server field name (Content.errors key) → the form's; null when the form has no such field. */
export function slotFieldOfServerField(key: string): keyof SlotForm | null {
  const head = key.split('.')[0] ?? key;
  if (head === 'startTime' || head === 'startHour' || head === 'startMinute') return 'startTimeDescription';
  if (head === 'endTime' || head === 'endHour' || head === 'endMinute') return 'endTimeDescription';
  if (head === 'daysOfferedList') return 'daysOffered';
  return FORM_FIELDS.has(head) ? (head as keyof SlotForm) : null;
}
