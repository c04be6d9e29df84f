/**
 * The days a time slot is offered (spec 02 §4, §5): a bitmask where bit n-1 is day n (Monday 1 ... Sunday 7), so
 * Monday 1, Tuesday 2, Wednesday 4 ... Sunday 64, and 0 (or all seven bits) is every day. The multi-choice
 * lists the options by their flag value, Everyday being 0. Pure: the server, the booking rules and the browser
 * must agree on which dates a slot is offered.
 */

export const EVERYDAY = 0;
/** All seven day bits: the same as EVERYDAY, which is the one form this file stores. */
export const ALL_DAYS = 0b111_1111;

/** The multi-choice's options, in the order shown. */
export const DAYS_OFFERED_OPTIONS = [
  { value: EVERYDAY, name: 'Everyday' },
  { value: 1, name: 'Monday' },
  { value: 2, name: 'Tuesday' },
  { value: 4, name: 'Wednesday' },
  { value: 8, name: 'Thursday' },
  { value: 16, name: 'Friday' },
  { value: 32, name: 'Saturday' },
  { value: 64, name: 'Sunday' },
] as const;

export type DayOption = (typeof DAYS_OFFERED_OPTIONS)[number]['value'];
export const DAY_OPTION_VALUES: readonly number[] = DAYS_OFFERED_OPTIONS.map((o) => o.value);

/** The flag of day n (1 Monday ... 7 Sunday, as ISO weekdays). */
export const dayFlag = (isoWeekday: number): number => 1 << (isoWeekday - 1);

const isDayFlag = (v: number) => v > 0 && v <= 64 && (v & (v - 1)) === 0;

/** A stored mask: only the seven day bits, and every day always as 0. Anything that is not a mask is every day. */
export function normalizeDaysOffered(mask: number | null | undefined): number {
  if (typeof mask !== 'number' || !Number.isInteger(mask) || mask <= 0) return EVERYDAY;
  const days = mask & ALL_DAYS;
  return days === ALL_DAYS ? EVERYDAY : days;
}

/** Mask → the multi-choice's values: [0] for every day, else the chosen days' flags from Monday on. */
export function daysOfferedList(mask: number | null | undefined): number[] {
  const days = normalizeDaysOffered(mask);
  if (days === EVERYDAY) return [EVERYDAY];
  return DAY_OPTION_VALUES.filter((v) => v !== EVERYDAY && (days & v) !== 0);
}

/** The multi-choice's values → mask. 'Everyday' among them, or none at all, is every day; unknown values are ignored. */
export function daysOfferedMask(list: readonly number[] | null | undefined): number {
  if (!list || list.length === 0 || list.includes(EVERYDAY)) return EVERYDAY;
  return normalizeDaysOffered(list.filter(isDayFlag).reduce((m, v) => m | v, 0));
}

/**
 * The multi-choice's rule (spec 02 §5), from the values before a change and the values the control proposes:
 * choosing 'all' (0) clears the other days, choosing a day removes 'all', and an empty choice becomes 'all'.
 * Answers the values in option order.
 */
export function chooseDaysOffered(previous: readonly number[], next: readonly number[]): number[] {
  const chosen = next.filter((v) => DAY_OPTION_VALUES.includes(v));
  if (chosen.length === 0) return [EVERYDAY];
  const addedAll = chosen.includes(EVERYDAY) && !previous.includes(EVERYDAY);
  if (addedAll) return [EVERYDAY];
  const days = chosen.filter((v) => v !== EVERYDAY);
  if (days.length === 0) return [EVERYDAY];
  return DAY_OPTION_VALUES.filter((v) => days.includes(v));
}

/** Is ISO weekday n (1 Monday ... 7 Sunday) offered by the mask? */
export function isWeekdayOffered(mask: number | null | undefined, isoWeekday: number): boolean {
  const days = normalizeDaysOffered(mask);
  return days === EVERYDAY || (days & dayFlag(isoWeekday)) !== 0;
}

/**
 * Is the business date offered? `date` is a calendar date, YYYY-MM-DD (a Dubai date: no time zone applies);
 * text that is not a date is never offered.
 */
export function isDateOffered(mask: number | null | undefined, date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (at.getUTCMonth() !== Number(m[2]) - 1 || at.getUTCDate() !== Number(m[3])) return false;
  const isoWeekday = at.getUTCDay() === 0 ? 7 : at.getUTCDay();
  return isWeekdayOffered(mask, isoWeekday);
}
