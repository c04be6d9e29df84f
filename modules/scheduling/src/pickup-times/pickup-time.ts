import { isDeepStrictEqual } from 'node:util';
import type { PickUpTimeData, PickUpTimeEvent } from '@tbo/event-schemas';
import { deleteOrRestore, EntityStream, mustOwn, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';

/** A region's or a hotel's window as the edit form sends it: minutes after midnight, null when not set. */
export interface PickUpTimeEntryInput {
  timeStart: number | null;
  timeEnd: number | null;
}

/** Every editable field of a pick-up time (spec 02 §3), as the form sends them. */
export interface PickUpTimeFields {
  name: string;
  isFixedTime: boolean;
  regionsPickUpTimes: (PickUpTimeEntryInput & { regionId: number })[];
  /** hotelId NO_HOTEL_ID (0) is the 'No Hotel' row. */
  hotelsPickUpTimes: (PickUpTimeEntryInput & { hotelId: number })[];
}

/** The pick-up time as its events state it: only entries with a window, each whole, sorted by id. */
export type StoredPickUpTime = Omit<PickUpTimeData, 'id' | 'supplierId'>;

export interface PickUpTimeState {
  id: number;
  supplierId: number | null;
  exists: boolean;
  isDeleted: boolean;
  fields: StoredPickUpTime | null;
}

export type PickUpTimeCommand =
  | { type: 'SavePickUpTime'; id: number; supplierId: number; isNew: boolean; pickUpTime: PickUpTimeFields }
  /** `usedBy`: the live groups and slots using it, in words, as the handler read them (PickUpTimeUsers). */
  | { type: 'DeletePickUpTime'; id: number; supplierId: number; usedBy: readonly string[] }
  | { type: 'RestorePickUpTime'; id: number; supplierId: number };

/** Spec 02 §8: the pick-up time edit reuses the time slot group's wording. */
export const PICKUP_TIME_NOT_FOUND = 'Time slot group not found or you are not allowed to manage it';
export const pickUpTimeNotFound = () => new NotFoundError(PICKUP_TIME_NOT_FOUND, 'Not found');

export const PICKUP_TIME_MESSAGES = {
  name: 'Pick up time name is required',
  time: 'Pick up time must be between 00:00 and 23:59',
  startAfterEnd: 'Pick up start time must not be after its end time',
  duplicateRegion: 'A region may have only one pick-up time',
  duplicateHotel: 'A hotel may have only one pick-up time',
  region: 'Region not found',
  hotel: 'Hotel not found',
} as const;

/** How many users a refusal names; the rest are counted. */
const NAMED_USERS = 3;

/** Why a pick-up time may not be deleted: who uses it ("the time slot group 'Seats'"), a few named, the rest counted. */
export function pickUpTimeInUse(users: readonly string[]): string {
  const named = users.slice(0, NAMED_USERS);
  const more = users.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return `Used by ${list}: choose another pick-up time for ${users.length > 1 ? 'them' : 'it'} first`;
}

export type FieldProblems = Record<string, string[]>;

const isSet = (v: number | null): v is number => v !== null;
const isMinute = (v: number) => Number.isInteger(v) && v >= 0 && v <= 1439;
const hasTime = (e: PickUpTimeEntryInput) => isSet(e.timeStart) || isSet(e.timeEnd);

/** Field errors of both lists, in order (a field in both keeps every message once). */
export function mergeProblems(a: FieldProblems, b: FieldProblems): FieldProblems {
  const out: FieldProblems = { ...a };
  for (const [field, messages] of Object.entries(b)) out[field] = [...new Set([...(out[field] ?? []), ...messages])];
  return out;
}

/**
 * Every rule of a pick-up time, as field errors keyed by the index the form sent (`hotelsPickUpTimes.2.timeEnd`).
 * Entries without a time are not checked: they are dropped on save (spec 02 §5), so a leftover duplicate or a
 * half-filled row the user cleared never blocks the save. A start after its end is refused rather than
 * swapped or read as crossing midnight: pick-ups happen within one day, and a reversed window is a typo.
 */
export function pickUpTimeProblems(p: PickUpTimeFields): FieldProblems {
  const errors: FieldProblems = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!p.name.trim()) add('name', PICKUP_TIME_MESSAGES.name);
  const check = <E extends PickUpTimeEntryInput>(list: 'regionsPickUpTimes' | 'hotelsPickUpTimes', entries: E[], idOf: (e: E) => number, idField: string, duplicate: string) => {
    const seen = new Set<number>();
    entries.forEach((e, i) => {
      if (!hasTime(e)) return;
      const bad = (['timeStart', 'timeEnd'] as const).filter((f) => isSet(e[f]) && !isMinute(e[f]!));
      for (const f of bad) add(`${list}.${i}.${f}`, PICKUP_TIME_MESSAGES.time);
      if (!bad.length && isSet(e.timeStart) && isSet(e.timeEnd) && e.timeStart > e.timeEnd) add(`${list}.${i}.timeEnd`, PICKUP_TIME_MESSAGES.startAfterEnd);
      if (seen.has(idOf(e))) add(`${list}.${i}.${idField}`, duplicate);
      seen.add(idOf(e));
    });
  };
  check('regionsPickUpTimes', p.regionsPickUpTimes, (e) => e.regionId, 'regionId', PICKUP_TIME_MESSAGES.duplicateRegion);
  check('hotelsPickUpTimes', p.hotelsPickUpTimes, (e) => e.hotelId, 'hotelId', PICKUP_TIME_MESSAGES.duplicateHotel);
  return errors;
}

/** Throws the problems as one ValidationError, the first message as the overall one. */
export function throwProblems(problems: FieldProblems): void {
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new ValidationError(first, problems);
}

/** A window from a row with at least one time: a lone start or end is a moment (both ends the same). */
const windowOf = (e: PickUpTimeEntryInput) => {
  const start = e.timeStart ?? e.timeEnd!;
  return { timeStart: start, timeEnd: e.timeEnd ?? start };
};

/** The pick-up time as it is stored: name trimmed, rows without a time dropped, windows completed, sorted by id. */
export function normalizePickUpTime(p: PickUpTimeFields): StoredPickUpTime {
  return {
    name: p.name.trim(),
    isFixedTime: p.isFixedTime,
    regionsPickUpTimes: p.regionsPickUpTimes
      .filter(hasTime)
      .map((e) => ({ regionId: e.regionId, ...windowOf(e) }))
      .sort((a, b) => a.regionId - b.regionId),
    hotelsPickUpTimes: p.hotelsPickUpTimes
      .filter(hasTime)
      .map((e) => ({ hotelId: e.hotelId, ...windowOf(e) }))
      .sort((a, b) => a.hotelId - b.hotelId),
  };
}

export const emptyPickUpTimeState = (id = 0): PickUpTimeState => ({ id, supplierId: null, exists: false, isDeleted: false, fields: null });

const strip = ({ id: _id, supplierId: _supplierId, ...rest }: PickUpTimeData): StoredPickUpTime => rest;

/**
 * A supplier's pick-up time: created whole, changed whole (only when something differs), deleted and
 * restored once each. A new item's id must be free, and any other command needs the caller's own item:
 * another supplier's pick-up time is answered as not found, never as forbidden (spec 02 §8).
 */
export const pickUpTimeDecider: Decider<PickUpTimeCommand, PickUpTimeEvent, PickUpTimeState> = {
  initialState: emptyPickUpTimeState(),
  evolve(state, event) {
    const s = { ...state, id: event.data.id, supplierId: event.data.supplierId };
    switch (event.type) {
      case 'PickUpTimeCreated':
        return { ...s, exists: true, fields: strip(event.data) };
      case 'PickUpTimeChanged':
        return { ...s, fields: strip(event.data) };
      case 'PickUpTimeDeleted':
        return { ...s, isDeleted: true };
      case 'PickUpTimeRestored':
        return { ...s, isDeleted: false };
    }
  },
  decide(cmd, state) {
    const key = { id: cmd.id, supplierId: cmd.supplierId };
    mustOwn(state, cmd.supplierId, cmd.type === 'SavePickUpTime' && cmd.isNew, pickUpTimeNotFound);
    // Deleted from under live groups or slots, their new bookings would get no pick-up window, and nobody would be told.
    if (cmd.type === 'DeletePickUpTime' && !state.isDeleted && cmd.usedBy.length) throw new ValidationError(pickUpTimeInUse(cmd.usedBy));
    if (cmd.type === 'DeletePickUpTime' || cmd.type === 'RestorePickUpTime') return deleteOrRestore(state, cmd.type === 'RestorePickUpTime', key, 'PickUpTimeDeleted', 'PickUpTimeRestored');

    throwProblems(pickUpTimeProblems(cmd.pickUpTime));
    const next = normalizePickUpTime(cmd.pickUpTime);
    if (cmd.isNew) return [{ type: 'PickUpTimeCreated', data: { ...key, ...next } }];
    // Key order does not count: stored events come back from jsonb with their keys reordered.
    if (isDeepStrictEqual(state.fields, next)) return [];
    return [{ type: 'PickUpTimeChanged', data: { ...key, ...next } }];
  },
};

export const pickUpTimeStream = (id: number) => `pickuptime-${id}`;

/** What a command answers: the pick-up time as stored (entries with their windows only), version and position. */
export interface SavedPickUpTime extends StoredPickUpTime {
  id: number;
  isDeleted: boolean;
  version: number | null;
  position: string | null;
}

export function savedPickUpTime(state: PickUpTimeState, version: number | null, position: string | null): SavedPickUpTime {
  const fields = state.fields ?? { name: '', isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] };
  return { id: state.id, ...fields, isDeleted: state.isDeleted, version, position };
}

/** The pick-up time's stream as the module's handlers run and read it. */
export const pickUpTimes = new EntityStream(pickUpTimeStream, pickUpTimeDecider, emptyPickUpTimeState);
