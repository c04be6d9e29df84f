import type { BookingEvent, ManifestStaffEvent } from '@tbo/event-schemas';
import { instant, streamVersion } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { upsertIfNewer, upsertRow } from '../runner/rows';

/**
 * What the day's manifests add to the bookings list: who checked each guest in (or marked a no-show) and when,
 * and which drivers and guides run each slot-date. The bookings table is left as it is; the manifest query joins
 * these two small tables to it.
 */
export const manifestsProjection = defineProjection<BookingEvent | ManifestStaffEvent>({
  name: 'manifests',
  version: 1,
  handles: ['BookingRedeemed', 'BookingNoShow', 'BookingRescheduled', 'ManifestStaffAssigned', 'ManifestStaffUnassigned'],
  tables: {
    manifest_checkins: (t) => {
      t.integer('booking_id').primary();
      t.integer('supplier_id').notNullable();
      t.text('kind').notNullable();
      instant(t, 'at').notNullable();
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
        await upsertIfNewer(trx, table('manifest_checkins'), row, ['booking_id'], row);
        return;
      }
      case 'BookingRescheduled':
        // Moved off the day it was marked a no-show: the new day's manifest has it unchecked.
        if (event.data.noShowCleared) await trx(table('manifest_checkins')).where({ booking_id: event.data.id, kind: 'noShow' }).andWhere('version', '<', event.revision).delete();
        return;
      case 'ManifestStaffAssigned': {
        const d = event.data;
        const key = { supplier_id: d.supplierId, date: d.date, time_slot_id: d.timeSlotId, user_email: d.userEmail.toLowerCase() };
        await upsertRow(trx, table('manifest_staff'), key, { user_name: d.userName, role: d.role });
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
