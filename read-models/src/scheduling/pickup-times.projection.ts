import type { PickUpTimeEvent } from '@tbo/event-schemas';
import { deletedFlag, streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';

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
    pickup_time_regions: (t) => {
      t.integer('pickup_time_id').notNullable();
      t.integer('region_id').notNullable();
      t.smallint('time_start').notNullable();
      t.smallint('time_end').notNullable();
      t.primary(['pickup_time_id', 'region_id']);
    },
    pickup_time_hotels: (t) => {
      t.integer('pickup_time_id').notNullable();
      // 0 is the 'No Hotel' row.
      t.integer('hotel_id').notNullable();
      t.smallint('time_start').notNullable();
      t.smallint('time_end').notNullable();
      t.primary(['pickup_time_id', 'hotel_id']);
    },
  },
  async afterCreate(trx, table) {
    // The list and the options read a supplier's pick-up times in name order.
    const pickUpTimes = table('pickup_times');
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, lower(name), id) INCLUDE (is_deleted)', [`${pickUpTimes}_supplier_name`, pickUpTimes]);
  },
  async apply({ trx, table }, event) {
    const pickUpTimes = table('pickup_times');
    const version = event.revision;
    switch (event.type) {
      case 'PickUpTimeCreated':
      case 'PickUpTimeChanged': {
        const d = event.data;
        const columns = { supplier_id: d.supplierId, name: d.name, is_fixed_time: d.isFixedTime, version };
        await trx(pickUpTimes)
          .insert({ id: d.id, ...columns })
          .onConflict('id')
          .merge(Object.keys(columns));
        await trx(table('pickup_time_regions')).where({ pickup_time_id: d.id }).delete();
        await trx(table('pickup_time_hotels')).where({ pickup_time_id: d.id }).delete();
        if (d.regionsPickUpTimes.length) {
          await trx(table('pickup_time_regions')).insert(d.regionsPickUpTimes.map((e) => ({ pickup_time_id: d.id, region_id: e.regionId, time_start: e.timeStart, time_end: e.timeEnd })));
        }
        if (d.hotelsPickUpTimes.length) {
          await trx(table('pickup_time_hotels')).insert(d.hotelsPickUpTimes.map((e) => ({ pickup_time_id: d.id, hotel_id: e.hotelId, time_start: e.timeStart, time_end: e.timeEnd })));
        }
        return;
      }
      case 'PickUpTimeDeleted':
      case 'PickUpTimeRestored':
        await trx(pickUpTimes).where({ id: event.data.id }).update({ is_deleted: event.type === 'PickUpTimeDeleted', version });
        return;
    }
  },
});
