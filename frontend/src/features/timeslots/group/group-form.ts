import { z } from 'zod';
import { TIME_SLOT_LIMITS, timeSlotGroupProblems, type TimeSlotGroupFields } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import type { GroupPayload } from '../api/save-time-slot-group';
import type { TimeSlotGroup } from '../api/time-slot.schema';
import { addProblems, type Translate } from '../rule-messages';

/**
 * The time slot group form (spec 02 §3 Time slot group, §5, §9): its values, the check (the server's own rules,
 * time-slot-rules.pure.ts, with their messages translated) and the conversions to and from the API shape. Pure,
 * unit-tested in group-form.spec.ts.
 */

export const GROUP_LIMITS = {
  capacityMin: TIME_SLOT_LIMITS.groupCapacityMin,
  capacityMax: TIME_SLOT_LIMITS.capacityMax,
  advanceMin: TIME_SLOT_LIMITS.minimumAdvancedBookingMin,
  advanceMax: TIME_SLOT_LIMITS.minimumAdvancedBookingMax,
} as const;

/**
 * A new group: no capacity (it is required and there is no seat count that fits every tour: a made-up one would
 * oversell or undersell silently), bookable up to the slot's start (0 hours), no pick-up time, shared capacity.
 */
export const GROUP_DEFAULTS = { capacity: null, minimumAdvancedBooking: 0 } as const;

export interface GroupForm {
  name: string;
  capacity: number | null;
  minimumAdvancedBooking: number | null;
  pickUpTimeId: number | null;
  isTimeSlotsIndependant: boolean;
}

/** The form's values as the rules read them. */
const fieldsOf = (f: GroupForm): TimeSlotGroupFields & { minimumAdvancedBooking: number } => ({
  name: f.name,
  capacity: f.capacity,
  minimumAdvancedBooking: f.minimumAdvancedBooking as number,
  pickUpTimeId: f.pickUpTimeId || null,
  isTimeSlotsIndependant: f.isTimeSlotsIndependant,
});

export function buildGroupSchema(t: Translate) {
  return z
    .object({
      name: z.string(),
      capacity: z.number().nullable(),
      minimumAdvancedBooking: z.number().nullable(),
      pickUpTimeId: z.number().nullable(),
      isTimeSlotsIndependant: z.boolean(),
    })
    .superRefine((v, ctx) => addProblems(timeSlotGroupProblems(fieldsOf(v)), ctx, t));
}

export function blankGroupForm(): GroupForm {
  return { name: '', capacity: GROUP_DEFAULTS.capacity, minimumAdvancedBooking: GROUP_DEFAULTS.minimumAdvancedBooking, pickUpTimeId: null, isTimeSlotsIndependant: false };
}

export function groupToForm(g: TimeSlotGroup): GroupForm {
  return {
    name: g.name,
    capacity: g.capacity,
    minimumAdvancedBooking: g.minimumAdvancedBooking ?? GROUP_DEFAULTS.minimumAdvancedBooking,
    pickUpTimeId: g.pickUpTimeId || null,
    isTimeSlotsIndependant: g.isTimeSlotsIndependant,
  };
}

export function groupPayload(f: GroupForm, base: { id: number; version: number | null }): GroupPayload {
  return { id: base.id, version: base.version, ...fieldsOf(f), name: f.name.trim() };
}

const FORM_FIELDS = new Set<string>(Object.keys(blankGroupForm()));

/** A server field name (Content.errors key) → the form's; null when the form has no such field. */
export function groupFieldOfServerField(key: string): keyof GroupForm | null {
  const head = key.split('.')[0] ?? key;
  return FORM_FIELDS.has(head) ? (head as keyof GroupForm) : null;
}
