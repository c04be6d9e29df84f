import { z } from 'zod';
import { PICKUP_TIME_MAX_HOTELS, PICKUP_TIME_MAX_REGIONS } from '@tbo/event-schemas';
import { editedVersion, idNumber, idOrZero, type CommandContext } from '@tbo/kernel';
import type { PickUpTimeFields } from './pickup-time';

/*
 * Types, ids and sizes are checked here; the decider holds the rules on the name and the windows, with the
 * spec's messages. A time may be any whole number here so that an out-of-range one gets the decider's message.
 */

const time = (label: string) =>
  z
    .number({ message: `${label} must be a number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .nullish()
    .transform((v) => v ?? null);

const list = <S extends z.ZodType>(item: S, max: number, label: string) =>
  z
    .array(item, { message: `${label} must be a list` })
    .max(max, `${label}: at most ${max}`)
    .nullish()
    .transform((v) => (v ?? []) as z.output<S>[]);

/**
 * A region row as the GET answers it (name, cityId, cityName and isActive are shown, not saved: ignored).
 * Unknown fields are ignored too, as every form row of ours does.
 */
const regionEntry = z.object({
  regionId: idNumber('regionId'),
  timeStart: time('Pick up start time'),
  timeEnd: time('Pick up end time'),
});

/** A hotel row; hotelId 0 is the 'No Hotel' row. */
const hotelEntry = z.object({
  hotelId: idOrZero('hotelId'),
  timeStart: time('Pick up start time'),
  timeEnd: time('Pick up end time'),
});

/** The pick-up time form (the GET shape; id 0 or absent for a new one), for POST and PUT /api/pickuptimes. */
export const savePickUpTimeInput = z.object({
  id: idOrZero('id').nullish().transform((v) => v ?? 0),
  version: editedVersion().nullish(),
  position: z.string().max(100).nullish(),
  isDeleted: z.boolean().nullish(),
  name: z
    .string({ message: 'Pick up time name is required' })
    .max(200, 'Pick up time name is at most 200 characters')
    .nullish()
    .transform((v) => v ?? ''),
  isFixedTime: z.boolean({ message: 'isFixedTime must be true or false' }).nullish().transform((v) => v ?? false),
  regionsPickUpTimes: list(regionEntry, PICKUP_TIME_MAX_REGIONS, 'Region pick-up times'),
  hotelsPickUpTimes: list(hotelEntry, PICKUP_TIME_MAX_HOTELS, 'Hotel pick-up times'),
});
export type SavePickUpTimeInput = z.output<typeof savePickUpTimeInput>;

export class SavePickUpTimeCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly pickUpTime: PickUpTimeFields,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}

export class DeletePickUpTimeCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly restore: boolean,
    readonly context: CommandContext,
  ) {}
}
