import type { BookingEvent, ManifestStaffEvent } from '@tbo/event-schemas';
import { streamVersion } from '../runner/columns';
import { defineProjection } from '../runner/projection';

/**
 * What the day's manifests add to the bookings list: who checked each guest in (or marked a no-show) and when,
 * and which drivers and guides run each slot-date. The bookings table is left as it is; the manifest query joins
 * these two small tables to it.
 */
export const manifestsProjection = defineProjection<BookingEvent | ManifestStaffEvent>({
  name: 'manifests',
  version: 1,
  handles: ['BookingRedeemed', 'BookingNoShow', 'ManifestStaffAssigned', 'ManifestStaffUnassigned'],
  tables: {
    manifest_checkins: (t) => {
      t.integer('booking_id').primary();
      t.integer('supplier_id').notNullable();
      t.text('kind').notNullable();
      t.specificType('at', 'timestamptz(3)').notNullable();
      t.text('by_name').notNullable();
      streamVersion(t);
    },
    manifest_staff: (t) => {
      t.integer('supplier_id').notNullable();
      t.integer('time_slot_id').notNullable();
      t.date('date').notNullable();
      t.text('user_email').notNullable();
      t.text('user_name').notNullable();
      t.text('role').notNullable();
      t.primary(['supplier_id', 'date', 'time_slot_id', 'user_email']);
      t.index(['user_email', 'date']);
    },
  },
  async apply({ trx, table }, event) {
    switch (event.type) {
      case 'BookingRedeemed':
      case 'BookingNoShow': {
        const d = event.data;
        const row = { booking_id: d.id, supplier_id: d.supplierId, kind: event.type === 'BookingRedeemed' ? 'redeemed' : 'noShow', at: d.at, by_name: d.byName, version: event.revision };
        // A replayed event is older than the row: it changes nothing.
        await trx(table('manifest_checkins')).insert(row).onConflict('booking_id').merge().where(`${table('manifest_checkins')}.version`, '<', event.revision);
        return;
      }
      case 'ManifestStaffAssigned': {
        const d = event.data;
        await trx(table('manifest_staff'))
          .insert({ supplier_id: d.supplierId, time_slot_id: d.timeSlotId, date: d.date, user_email: d.userEmail.toLowerCase(), user_name: d.userName, role: d.role })
          .onConflict(['supplier_id', 'date', 'time_slot_id', 'user_email'])
          .merge();
        return;
      }
      case 'ManifestStaffUnassigned': {
        const d = event.data;
        await trx(table('manifest_staff')).where({ supplier_id: d.supplierId, time_slot_id: d.timeSlotId, date: d.date, user_email: d.userEmail.toLowerCase() }).delete();
        return;
      }
      default:
        return;
    }
  },
});
