import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { existingReferenceIds } from '@tbo/read-models';
import { KNEX } from '@tbo/kernel';
import { NO_HOTEL_ID } from '../pure/pickup-window.pure';
import { PICKUP_TIME_MESSAGES, type FieldProblems, type PickUpTimeFields } from './pickup-time';

/**
 * The regions and hotels a pick-up time names must exist. Checked against the reference read tables, as the
 * catalog checks its references: regions and hotels are platform-wide, added by the platform admin and never
 * removed, so the read table's lag only matters for an item added a moment ago. Rows without a time are not
 * checked: they are dropped on save.
 */
@Injectable()
export class PickUpTimeReferenceChecks {
  constructor(@Inject(KNEX) private readonly db: Knex) {}

  async problems(p: PickUpTimeFields): Promise<FieldProblems> {
    const timed = <E extends { timeStart: number | null; timeEnd: number | null }>(list: E[]) =>
      list.map((e, i) => ({ e, i })).filter(({ e }) => e.timeStart !== null || e.timeEnd !== null);
    const regions = timed(p.regionsPickUpTimes);
    const hotels = timed(p.hotelsPickUpTimes).filter(({ e }) => e.hotelId !== NO_HOTEL_ID);
    const [knownRegions, knownHotels] = await Promise.all([
      existingReferenceIds(this.db, 'regions', [...new Set(regions.map(({ e }) => e.regionId))]),
      existingReferenceIds(this.db, 'hotels', [...new Set(hotels.map(({ e }) => e.hotelId))]),
    ]);
    const problems: FieldProblems = {};
    for (const { e, i } of regions) if (!knownRegions.has(e.regionId)) problems[`regionsPickUpTimes.${i}.regionId`] = [PICKUP_TIME_MESSAGES.region];
    for (const { e, i } of hotels) if (!knownHotels.has(e.hotelId)) problems[`hotelsPickUpTimes.${i}.hotelId`] = [PICKUP_TIME_MESSAGES.hotel];
    return problems;
  }
}
