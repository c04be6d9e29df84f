import type { OctoEvent } from '@tbo/event-schemas';
import { instant, streamVersion, supplierAndAgency } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { insertOnce, updateIfNewer } from '../runner/rows';

/**
 * OCTO reservations, one row each, for the reseller's GET /octo/bookings: found by its reference, by the
 * supplier's (the booking id) or by the date booked, always within one supplier and one reseller agency. The
 * row names the reservation; the answer itself is read from its stream (and its booking's), so the list and
 * GET /octo/bookings/{uuid} say the same. `status` is what the reservation's own events say (ON_HOLD,
 * CONFIRMED, PENDING, CANCELLED): expiry is derived when read, from `expires_at`.
 */
export const octoBookingsProjection = defineProjection<OctoEvent>({
  name: 'octo_bookings',
  version: 1,
  handles: ['OctoBookingReserved', 'OctoBookingExtended', 'OctoBookingConfirmed', 'OctoBookingUpdated', 'OctoBookingCancelled'],
  tables: {
    octo_bookings: (t) => {
      t.text('uuid').primary();
      supplierAndAgency(t);
      t.integer('booking_id').notNullable();
      t.integer('tour_id').notNullable();
      t.integer('offer_id').notNullable();
      t.date('local_date').notNullable();
      t.text('reseller_reference');
      t.text('status').notNullable();
      instant(t, 'expires_at').notNullable();
      instant(t, 'created_at').notNullable();
      instant(t, 'updated_at').notNullable();
      streamVersion(t);
      // The reseller's three ways of looking bookings up, each within its supplier and agency.
      t.index(['supplier_id', 'agency_id', 'local_date']);
      t.index(['supplier_id', 'agency_id', 'reseller_reference']);
      t.index(['booking_id']);
    },
  },
  async apply({ trx, table }, event) {
    const rows = table('octo_bookings');
    const uuid = event.data.uuid.toLowerCase();
    // A later event sets its columns and the time it was recorded; a replayed one is older than the row: it changes nothing.
    const update = (columns: Record<string, unknown>) => updateIfNewer(trx, rows, { uuid }, event.revision, { ...columns, updated_at: event.recordedAt });
    switch (event.type) {
      case 'OctoBookingReserved': {
        const d = event.data;
        const reserved = {
          uuid,
          supplier_id: d.supplierId,
          agency_id: d.agencyId,
          booking_id: d.bookingId,
          tour_id: d.tourId,
          offer_id: d.offerId,
          local_date: d.date,
          reseller_reference: d.resellerReference,
          status: 'ON_HOLD',
          expires_at: d.expiresAt,
          created_at: event.recordedAt,
          updated_at: event.recordedAt,
          version: event.revision,
        };
        await insertOnce(trx, rows, reserved, 'uuid');
        return;
      }
      case 'OctoBookingExtended':
        return update({ expires_at: event.data.expiresAt });
      case 'OctoBookingConfirmed':
        return update({ status: event.data.pending ? 'PENDING' : 'CONFIRMED', reseller_reference: event.data.resellerReference });
      case 'OctoBookingUpdated':
        return update({ reseller_reference: event.data.resellerReference });
      case 'OctoBookingCancelled':
        return update({ status: 'CANCELLED' });
    }
  },
});
