/**
 * Times of day of time slots (spec 02 §4, time slot time fields). HH:MM ⇄ minutes has one home, the kernel's
 * pure time-of-day file, which itinerary stops and pick-up windows use too; it is re-exported here so slot code
 * has one import, and this file adds only what a slot answers besides its minutes. Pure: the browser imports it.
 */
import { minuteOfDay, minutesToParts, minutesToTime, timeToMinutes } from '@tbo/kernel/src/pure/time-of-day.pure';

export * from '@tbo/kernel/src/pure/time-of-day.pure';

/**
 * A slot's start or end as a form sends it. The HH:MM text is what the form edits, so it wins when sent (and
 * is parsed with the spec's rule: unreadable text is 0:0); without it, the minutes are taken.
 */
export function slotTimeInput(description: string | null | undefined, minutes: number | null | undefined): number {
  return typeof description === 'string' ? timeToMinutes(description) : minuteOfDay(minutes);
}

/** Everything a slot answers about its start and end (spec 02 §3: HH:MM, and hours and minutes). */
export interface SlotTimeFields {
  startTime: number;
  endTime: number;
  startTimeDescription: string;
  endTimeDescription: string;
  startHour: number;
  startMinute: number;
  endHour: number;
  endMinute: number;
}

export function slotTimeFields(startTime: number, endTime: number): SlotTimeFields {
  const start = minutesToParts(startTime);
  const end = minutesToParts(endTime);
  return {
    startTime,
    endTime,
    startTimeDescription: minutesToTime(startTime),
    endTimeDescription: minutesToTime(endTime),
    startHour: start.hours,
    startMinute: start.minutes,
    endHour: end.hours,
    endMinute: end.minutes,
  };
}
