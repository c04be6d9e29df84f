/**
 * Which pick-up window applies to a guest's hotel on a time slot. Pure and import-free: bookings, vouchers,
 * manifests and the browser all ask the same question and must get the same answer.
 */

/**
 * The hotel id that stands for "no hotel of the list" (a guest staying elsewhere, or not yet known). A pick-up
 * time may give it a window like any hotel; screens show it as NO_HOTEL_NAME.
 */
export const NO_HOTEL_ID = 0;
export const NO_HOTEL_NAME = 'No Hotel';

export const isNoHotel = (hotelId: number | null | undefined): boolean => hotelId === null || hotelId === undefined || hotelId === NO_HOTEL_ID;

/** A window in minutes after midnight (Dubai time), start not after end. */
export interface PickUpWindowTimes {
  timeStart: number;
  timeEnd: number;
}

/** What the rule needs of one pick-up time: its stored entries (unset regions and hotels have none). */
export interface PickUpTimeEntries {
  isFixedTime: boolean;
  regionsPickUpTimes: readonly (PickUpWindowTimes & { regionId: number })[];
  hotelsPickUpTimes: readonly (PickUpWindowTimes & { hotelId: number })[];
}

/** Pick-up times by id: a Map, or a plain object (it survives JSON, e.g. in a job's data). */
export type PickUpTimeLookup = ReadonlyMap<number, PickUpTimeEntries> | Readonly<Record<number, PickUpTimeEntries | undefined>>;

export interface PickUpWindowQuery {
  /** The time slot's own pick-up time (its override of the group's); null or 0 when it has none. */
  slotPickUpTimeId: number | null | undefined;
  /** The slot group's pick-up time; null or 0 when it has none. */
  groupPickUpTimeId: number | null | undefined;
  pickUpTimes: PickUpTimeLookup;
  /** The guest's hotel; null, undefined or NO_HOTEL_ID for no hotel of the list. */
  hotelId: number | null | undefined;
  /** The hotel's region; null when unknown (no hotel). */
  regionId: number | null | undefined;
}

export interface PickUpWindow extends PickUpWindowTimes {
  pickUpTimeId: number;
  isFixedTime: boolean;
  /** Whether the hotel's own override or its region's entry gave the window. */
  source: 'hotel' | 'region';
}

function lookUp(lookup: PickUpTimeLookup, id: number): PickUpTimeEntries | undefined {
  return lookup instanceof Map ? lookup.get(id) : (lookup as Readonly<Record<number, PickUpTimeEntries | undefined>>)[id];
}

/**
 * The pick-up time that applies: the slot's override, else the group's. An id that is unset (null, 0) or not
 * in the lookup (the caller leaves deleted pick-up times out) falls through to the next, so a guest is not
 * left without a window because a slot's override was deleted. Only the choice of pick-up time falls through:
 * once chosen, the slot's pick-up time is the whole answer even when it has no entry for the hotel, since an
 * override replaces the group's pick-up time rather than patching it.
 */
export function applicablePickUpTimeId(q: Pick<PickUpWindowQuery, 'slotPickUpTimeId' | 'groupPickUpTimeId' | 'pickUpTimes'>): number | null {
  for (const id of [q.slotPickUpTimeId, q.groupPickUpTimeId]) {
    if (id && lookUp(q.pickUpTimes, id)) return id;
  }
  return null;
}

/**
 * The window for hotel H on slot S: slot override → group's pick-up time → the hotel's own entry → its
 * region's entry. Null when no pick-up time applies or the chosen one has neither entry.
 */
export function pickUpWindowFor(q: PickUpWindowQuery): PickUpWindow | null {
  const pickUpTimeId = applicablePickUpTimeId(q);
  if (pickUpTimeId === null) return null;
  const p = lookUp(q.pickUpTimes, pickUpTimeId)!;
  const hotelId = isNoHotel(q.hotelId) ? NO_HOTEL_ID : q.hotelId!;
  const hotel = p.hotelsPickUpTimes.find((h) => h.hotelId === hotelId);
  if (hotel) return { pickUpTimeId, isFixedTime: p.isFixedTime, timeStart: hotel.timeStart, timeEnd: hotel.timeEnd, source: 'hotel' };
  const region = q.regionId ? p.regionsPickUpTimes.find((r) => r.regionId === q.regionId) : undefined;
  if (region) return { pickUpTimeId, isFixedTime: p.isFixedTime, timeStart: region.timeStart, timeEnd: region.timeEnd, source: 'region' };
  return null;
}
