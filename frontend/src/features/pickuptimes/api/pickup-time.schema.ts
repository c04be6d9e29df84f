import { z } from 'zod';
import { listOrEmpty, numberOrNull, textOrEmpty, textOrNull } from '../../../lib/api-defaults';

/**
 * The shapes of /api/pickuptimes (spec 02 §3 Pick-up time, §7) as the API answers them. Times are minutes after
 * midnight; a region without a window answers nulls.
 */

/** GET /api/pickuptimes: one row of the list. */
export const pickUpTimeListRowSchema = z.object({ id: z.number(), name: z.string(), isFixedTime: z.boolean() });
export type PickUpTimeListRow = z.infer<typeof pickUpTimeListRowSchema>;

const minutes = numberOrNull;
const text = textOrEmpty;

/** What a region's line and a hotel's line share: the place by name, its city, and this pick-up time's window. */
const placeWindow = {
  name: text,
  cityId: z.number().nullish(),
  cityName: text,
  timeStart: minutes,
  timeEnd: minutes,
};

/** A region's line: every region of the platform, with this pick-up time's window or nulls. */
export const regionLineSchema = z.object({
  ...placeWindow,
  regionId: z.number(),
  isActive: z.boolean().nullish().transform((v) => v ?? true),
});
export type RegionLine = z.output<typeof regionLineSchema>;

/** A hotel override; the 'No Hotel' line has no region or city. */
export const hotelLineSchema = z.object({
  ...placeWindow,
  hotelId: z.number(),
  regionId: z.number().nullish(),
  regionName: text,
});
export type HotelLine = z.output<typeof hotelLineSchema>;

/** GET /api/pickuptimes/{id}: the whole pick-up time with the version it was read at. */
export const pickUpTimeSchema = z.object({
  id: z.number(),
  name: z.string(),
  isFixedTime: z.boolean(),
  version: numberOrNull,
  regionsPickUpTimes: listOrEmpty(regionLineSchema),
  hotelsPickUpTimes: listOrEmpty(hotelLineSchema),
});
export type PickUpTime = z.output<typeof pickUpTimeSchema>;

/** What a save or a delete answers: the pick-up time as stored, its new version and the position of its last event. */
export const savedPickUpTimeSchema = z.object({
  id: z.number(),
  name: z.string(),
  version: numberOrNull,
  position: textOrNull,
});
export type SavedPickUpTime = z.output<typeof savedPickUpTimeSchema>;
