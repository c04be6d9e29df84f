import { advanceFromMinute } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { availabilityId, dubaiInstantOf, hhmm, localDateTime, plusDays, utc, type ParsedAvailabilityId } from './octo-time.pure';

/**
 * An offer's slots as OCTO availability: a Fixed slot is a start time (START_TIME); an Anytime slot is the date
 * with the slot's hours as opening hours, and a NoTime slot the date without hours (both all day). Whether a
 * date sells is the booking rules' (from tomorrow, a weekday the slot is offered, a valid period covering it,
 * before the slot's minimum advance); how many seats are left is the departure's. Pure.
 */
export type AvailabilityStatus = 'AVAILABLE' | 'FREESALE' | 'SOLD_OUT' | 'LIMITED' | 'CLOSED';

/** What the mapping needs of a slot (scheduling's SlotForBooking has it all). */
export interface SlotFacts {
  timeSlotId: number;
  /** Fixed 0, Anytime 1, NoTime 2. */
  timeType: number;
  startTime: number;
  endTime: number;
  daysOffered: number;
  minimumAdvancedBooking: number;
  isDeleted: boolean;
}

/** A departure's seats on a date: from its stream, or from the availability read table for a calendar. */
export interface SeatCount {
  capacity: number;
  left: number;
  closed: boolean;
}

export interface OpeningHours {
  from: string;
  to: string;
}

export interface OctoAvailability {
  id: string;
  localDateTimeStart: string;
  localDateTimeEnd: string;
  utcCutoffAt: string;
  allDay: boolean;
  available: boolean;
  status: AvailabilityStatus;
  vacancies: number | null;
  capacity: number | null;
  maxUnits: number | null;
  openingHours: OpeningHours[];
}

const FIXED = 0;
const ANYTIME = 1;

export const isStartTime = (s: Pick<SlotFacts, 'timeType'>): boolean => s.timeType === FIXED;

/** The minute an availability of the slot starts at: its start time, or midnight for an all-day one. */
export const startMinuteOf = (s: Pick<SlotFacts, 'timeType' | 'startTime'>): number => (isStartTime(s) ? s.startTime : 0);

/** The opening hours an availability of the slot shows: an Anytime slot's hours, else none. */
export const openingHoursOf = (s: Pick<SlotFacts, 'timeType' | 'startTime' | 'endTime'>): OpeningHours[] =>
  s.timeType === ANYTIME ? [{ from: hhmm(s.startTime), to: hhmm(s.endTime > s.startTime ? s.endTime : 1440) }] : [];

/**
 * Each live slot's place among the option's availability ids: the first slot starting at a minute keeps the
 * plain id, later ones (by slot id) carry their slot. Stable whatever the date, so an id read today still
 * names the same slot tomorrow.
 */
export function slotKeys(slots: readonly SlotFacts[]): Map<number, { start: number; suffixed: boolean }> {
  const out = new Map<number, { start: number; suffixed: boolean }>();
  const seen = new Set<number>();
  for (const s of [...slots].filter((x) => !x.isDeleted).sort((a, b) => startMinuteOf(a) - startMinuteOf(b) || a.timeSlotId - b.timeSlotId)) {
    const start = startMinuteOf(s);
    out.set(s.timeSlotId, { start, suffixed: seen.has(start) });
    seen.add(start);
  }
  return out;
}

export function availabilityIdOf(slot: SlotFacts, keys: ReturnType<typeof slotKeys>, date: string): string {
  const k = keys.get(slot.timeSlotId)!;
  return availabilityId(date, k.start, k.suffixed ? slot.timeSlotId : null);
}

/** The option's slot an availability id names, or null. */
export function slotOfAvailability(slots: readonly SlotFacts[], parsed: ParsedAvailabilityId): SlotFacts | null {
  const keys = slotKeys(slots);
  return slots.find((s) => {
    const k = keys.get(s.timeSlotId);
    return !!k && k.start === parsed.startMinutes && (parsed.slotId === null ? !k.suffixed : parsed.slotId === s.timeSlotId && k.suffixed);
  }) ?? null;
}

/** When an availability of the slot on a date starts and ends, and whether it spans the day. */
export function spanOf(slot: Pick<SlotFacts, 'timeType' | 'startTime' | 'endTime'>, date: string): { localDateTimeStart: string; localDateTimeEnd: string; allDay: boolean; openingHours: OpeningHours[] } {
  const timed = isStartTime(slot);
  const end = slot.endTime > slot.startTime ? slot.endTime : slot.endTime + 1440;
  return {
    localDateTimeStart: localDateTime(date, startMinuteOf(slot)),
    localDateTimeEnd: timed ? localDateTime(date, end) : `${plusDays(date, 1)}T00:00:00+04:00`,
    allDay: !timed,
    openingHours: openingHoursOf(slot),
  };
}

/** Whether the date is one the slot sells on at all (a weekday it is offered, from tomorrow, a period covering it). */
export interface DateRules {
  /** Today in Dubai: bookings start tomorrow (spec 02 §5). */
  today: string;
  isDateOffered(daysOffered: number, date: string): boolean;
  hasPeriod(date: string): boolean;
}

export const operates = (slot: SlotFacts, date: string, rules: DateRules): boolean =>
  !slot.isDeleted && date >= plusDays(rules.today, 1) && rules.isDateOffered(slot.daysOffered, date) && rules.hasPeriod(date);

/** The instant booking closes for the slot on the date: its start (an Anytime slot's opening) less the slot's minimum advance. */
export const cutoffOf = (slot: SlotFacts, date: string): Date => new Date(dubaiInstantOf(date, advanceFromMinute(slot)).getTime() - slot.minimumAdvancedBooking * 3_600_000);

/** Less than half the seats left reads LIMITED, as the standard describes it. */
export function statusOf(seats: SeatCount, open: boolean): AvailabilityStatus {
  if (!open || seats.closed) return 'CLOSED';
  if (seats.left <= 0) return 'SOLD_OUT';
  return seats.left * 2 < seats.capacity ? 'LIMITED' : 'AVAILABLE';
}

/**
 * One availability of a slot on a date it operates on. `seatsWanted` (the units a request names) makes it
 * unavailable when fewer seats are left, and `unitsRefused` when the offer's unit rule would refuse those units
 * (a reseller told "available" must be able to reserve them); `maxUnits` is the offer's largest group. The
 * status stays the slot's own: other unit mixes may still book it.
 */
export function availabilityOf(args: { slot: SlotFacts; keys: ReturnType<typeof slotKeys>; date: string; seats: SeatCount; now: Date; maxUnits: number; seatsWanted?: number; unitsRefused?: boolean }): OctoAvailability {
  const { slot, date, seats } = args;
  const cutoff = cutoffOf(slot, date);
  const status = statusOf(seats, args.now.getTime() <= cutoff.getTime());
  const fits = (args.seatsWanted ?? 1) <= seats.left && !args.unitsRefused;
  const span = spanOf(slot, date);
  return {
    id: availabilityIdOf(slot, args.keys, date),
    localDateTimeStart: span.localDateTimeStart,
    localDateTimeEnd: span.localDateTimeEnd,
    utcCutoffAt: utc(cutoff),
    allDay: span.allDay,
    available: (status === 'AVAILABLE' || status === 'LIMITED') && fits,
    status,
    vacancies: status === 'CLOSED' ? 0 : Math.max(0, seats.left),
    capacity: seats.capacity,
    maxUnits: args.maxUnits,
    openingHours: span.openingHours,
  };
}

/** What a booking's availability reads as now, beyond the span it was reserved for. */
export type AvailabilityNow = Pick<OctoAvailability, 'utcCutoffAt' | 'available' | 'status' | 'vacancies' | 'capacity' | 'maxUnits'>;

/** A booked availability that no longer sells (its slot gone, or the date no longer one the slot operates on). */
export const closedAvailability = (cutoff: Date, maxUnits: number | null): AvailabilityNow => ({ utcCutoffAt: utc(cutoff), available: false, status: 'CLOSED', vacancies: 0, capacity: 0, maxUnits });

export interface CalendarDay {
  localDate: string;
  available: boolean;
  status: AvailabilityStatus;
  vacancies: number | null;
  capacity: number | null;
  openingHours: OpeningHours[];
}

/** A date of the calendar from the date's availabilities: the best of them (the standard: the highest vacancies). */
export function calendarDayOf(localDate: string, items: readonly OctoAvailability[]): CalendarDay {
  if (!items.length) return { localDate, available: false, status: 'CLOSED', vacancies: 0, capacity: 0, openingHours: [] };
  const open = items.filter((a) => a.status !== 'CLOSED');
  const best = [...items].sort((a, b) => Number(b.available) - Number(a.available) || (b.vacancies ?? 0) - (a.vacancies ?? 0))[0]!;
  const status: AvailabilityStatus = !open.length ? 'CLOSED' : items.some((a) => a.status === 'AVAILABLE') ? 'AVAILABLE' : items.some((a) => a.status === 'LIMITED') ? 'LIMITED' : 'SOLD_OUT';
  return {
    localDate,
    available: items.some((a) => a.available),
    status,
    vacancies: best.vacancies,
    capacity: Math.max(...items.map((a) => a.capacity ?? 0)),
    openingHours: items.flatMap((a) => a.openingHours),
  };
}

/** Every start time an option's availabilities can have, 'HH:MM' in order (an all-day one is '00:00'). */
export function localStartTimes(slots: readonly SlotFacts[]): string[] {
  const starts = [...new Set(slots.filter((s) => !s.isDeleted).map(startMinuteOf))].sort((a, b) => a - b);
  return starts.length ? starts.map(hhmm) : ['00:00'];
}
