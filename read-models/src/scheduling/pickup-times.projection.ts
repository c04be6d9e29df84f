import type { Knex } from 'knex';
import type { PickUpTimeEvent } from '@tbo/event-schemas';
import { deletedFlag, streamVersion, supplierItemKey } from '../runner/columns';
import { supplierNameIndex } from '../runner/indexes';
import { defineProjection } from '../runner/projection';
import { flagDeleted, upsertRow } from '../runner/rows';

/** A pick-up time's windows at one kind of place (a region, or a hotel: 0 is the 'No Hotel' row), one row per place. */
function windowsTable(place: 'region_id' | 'hotel_id') {
  return (t: Knex.CreateTableBuilder): void => {
    t.integer('pickup_time_id').notNullable();
    t.integer(place).notNullable();
    t.smallint('time_start').notNullable();
    t.smallint('time_end').notNullable();
    t.primary(['pickup_time_id', place]);
  };
}

/** The windows a created or changed event states replace the stored ones. */
async function replaceWindows(trx: Knex.Transaction, table: string, pickUpTimeId: number, rows: Record<string, number>[]): Promise<void> {
  await trx(table).where({ pickup_time_id: pickUpTimeId }).delete();
  if (rows.length) await trx(table).insert(rows.map((r) => ({ pickup_time_id: pickUpTimeId, ...r })));
}

/**
 * Pick-up times: one row per pick-up time (the list's columns, the owner, the stream revision as the version
 * the edit form sends back), and its stored windows in one table per kind, so the edit screen joins them with
 * the regions and hotels and later readers (bookings, vouchers, manifests) can look windows up by pick-up time.
 * A created or changed event states the pick-up time whole: its entries replace the stored ones.
 */
export const pickUpTimesProjection = defineProjection<PickUpTimeEvent>({
  name: 'pickup_times',
  version: 1,
  handles: ['PickUpTimeCreated', 'PickUpTimeChanged', 'PickUpTimeDeleted', 'PickUpTimeRestored'],
  tables: {
    pickup_times: (t) => {
      supplierItemKey(t);
      t.text('name').notNullable();
      t.boolean('is_fixed_time').notNullable();
      deletedFlag(t);
      streamVersion(t);
    },
    pickup_time_regions: windowsTable('region_id'),
    pickup_time_hotels: windowsTable('hotel_id'),
  },
  async afterCreate(trx, table) {
    // The list and the options read a supplier's pick-up times in name order.
    await supplierNameIndex(trx, table('pickup_times'), 'is_deleted');
  },
  async apply({ trx, table }, event) {
    const pickUpTimes = table('pickup_times');
    const version = event.revision;
    switch (event.type) {
      case 'PickUpTimeCreated':
      case 'PickUpTimeChanged': {
        const d = event.data;
        await upsertRow(trx, pickUpTimes, { id: d.id }, { supplier_id: d.supplierId, name: d.name, is_fixed_time: d.isFixedTime, version });
        await replaceWindows(trx, table('pickup_time_regions'), d.id, d.regionsPickUpTimes.map((e) => ({ region_id: e.regionId, time_start: e.timeStart, time_end: e.timeEnd })));
        await replaceWindows(trx, table('pickup_time_hotels'), d.id, d.hotelsPickUpTimes.map((e) => ({ hotel_id: e.hotelId, time_start: e.timeStart, time_end: e.timeEnd })));
        return;
      }
      case 'PickUpTimeDeleted':
      case 'PickUpTimeRestored':
        await flagDeleted(trx, pickUpTimes, event.data.id, event.type === 'PickUpTimeDeleted', { version });
        return;
    }
  },
});
