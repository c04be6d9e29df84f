import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/**
 * A supplier's pick-up time (stream `pickuptime-<id>`): a named set of pick-up windows, one per region and,
 * overriding the region's, one per hotel. Created and changed events state the pick-up time whole. Entries
 * are stored only when they have a window (an unset region or hotel has no entry), each window lies within
 * one day (minutes after midnight, start not after end), at most one entry per region and per hotel, and
 * entries are sorted by id so an unchanged form saves nothing.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const key = { id, supplierId: id };
const minute = z.number().int().min(0).max(1439);

/** Pick-up times at most this many entries of each kind: far above Dubai's regions and hotels, well under the body limit. */
export const PICKUP_TIME_MAX_REGIONS = 1000;
export const PICKUP_TIME_MAX_HOTELS = 5000;

/** A window within one day: start not after end. */
const startNotAfterEnd = (w: { timeStart: number; timeEnd: number }) => w.timeStart <= w.timeEnd;
const reversed = { message: 'timeStart must not be after timeEnd', path: ['timeEnd'] };

export const PickUpTimeRegionEntry = z.object({ regionId: id, timeStart: minute, timeEnd: minute }).refine(startNotAfterEnd, reversed);
/** hotelId 0 is the 'No Hotel' marker (guests without a hotel of the list): NO_HOTEL_ID in modules/scheduling. */
export const PickUpTimeHotelEntry = z.object({ hotelId: z.number().int().min(0).max(PG_INT_MAX), timeStart: minute, timeEnd: minute }).refine(startNotAfterEnd, reversed);

const unique = <T>(list: T[], idOf: (x: T) => number) => new Set(list.map(idOf)).size === list.length;

const fields = z.object({
  ...key,
  name: z.string().max(200).refine((n) => n.trim() !== '', 'name is required'),
  isFixedTime: z.boolean(),
  regionsPickUpTimes: z
    .array(PickUpTimeRegionEntry)
    .max(PICKUP_TIME_MAX_REGIONS)
    .refine((l) => unique(l, (e) => e.regionId), 'one entry per region'),
  hotelsPickUpTimes: z
    .array(PickUpTimeHotelEntry)
    .max(PICKUP_TIME_MAX_HOTELS)
    .refine((l) => unique(l, (e) => e.hotelId), 'one entry per hotel'),
});

export const PickUpTimeCreated = fields;
export const PickUpTimeChanged = fields;
export const PickUpTimeDeleted = z.object(key);
export const PickUpTimeRestored = z.object(key);

export type PickUpTimeData = z.infer<typeof fields>;
export type PickUpTimeRegionEntryData = z.infer<typeof PickUpTimeRegionEntry>;
export type PickUpTimeHotelEntryData = z.infer<typeof PickUpTimeHotelEntry>;

/** The schema of each event type, by type. */
export const pickUpTimeEventTypes = { PickUpTimeCreated, PickUpTimeChanged, PickUpTimeDeleted, PickUpTimeRestored };
export type PickUpTimeEvent = EventUnion<typeof pickUpTimeEventTypes>;

const k = { id: 1, supplierId: 1 };
const example = {
  ...k,
  name: 'Morning pick-up',
  isFixedTime: false,
  regionsPickUpTimes: [{ regionId: 1, timeStart: 480, timeEnd: 510 }],
  hotelsPickUpTimes: [
    { hotelId: 0, timeStart: 450, timeEnd: 450 },
    { hotelId: 3, timeStart: 470, timeEnd: 490 },
  ],
};
export const pickUpTimeEventSchemas: EventSchemaDefinition[] = [
  { type: 'PickUpTimeCreated', version: 1, schema: PickUpTimeCreated, example },
  { type: 'PickUpTimeChanged', version: 1, schema: PickUpTimeChanged, example: { ...example, isFixedTime: true } },
  { type: 'PickUpTimeDeleted', version: 1, schema: PickUpTimeDeleted, example: k },
  { type: 'PickUpTimeRestored', version: 1, schema: PickUpTimeRestored, example: k },
];
