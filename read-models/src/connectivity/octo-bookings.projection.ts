import type { OctoEvent } from '@tbo/event-schemas';
import { defineProjection } from '../runner/projection';

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
      t.integer('supplier_id').notNullable();
      t.integer('agency_id').notNullable();
      t.integer('booking_id').notNullable();
      t.integer('tour_id').notNullable();
      t.integer('offer_id').notNullable();
      t.date('local_date').notNullable();
      t.text('reseller_reference');
      t.text('status').notNullable();
      t.specificType('expires_at', 'timestamptz(3)').notNullable();
      t.specificType('created_at', 'timestamptz(3)').notNullable();
      t.specificType('updated_at', 'timestamptz(3)').notNullable();
      t.integer('version').notNullable();
      // The reseller's three ways of looking bookings up, each within its supplier and agency.
      t.index(['supplier_id', 'agency_id', 'local_date']);
      t.index(['supplier_id', 'agency_id', 'reseller_reference']);
      t.index(['booking_id']);
    },
  },
  async apply({ trx, table }, event) {
    const rows = table('octo_bookings');
    const version = event.revision;
    const updatedAt = event.recordedAt;
    const uuid = event.data.uuid.toLowerCase();
    // A replayed event is older than the row: it changes nothing.
    const newer = (q: ReturnType<typeof trx>) => q.where({ uuid }).andWhere('version', '<', version);
    switch (event.type) {
      case 'OctoBookingReserved': {
        const d = event.data;
        await trx(rows)
          .insert({
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
            updated_at: updatedAt,
            version,
          })
          .onConflict('uuid')
          .ignore();
        return;
      }
      case 'OctoBookingExtended':
        await newer(trx(rows)).update({ expires_at: event.data.expiresAt, updated_at: updatedAt, version });
        return;
      case 'OctoBookingConfirmed':
        await newer(trx(rows)).update({ status: event.data.pending ? 'PENDING' : 'CONFIRMED', reseller_reference: event.data.resellerReference, updated_at: updatedAt, version });
        return;
      case 'OctoBookingUpdated':
        await newer(trx(rows)).update({ reseller_reference: event.data.resellerReference, updated_at: updatedAt, version });
        return;
      case 'OctoBookingCancelled':
        await newer(trx(rows)).update({ status: 'CANCELLED', updated_at: updatedAt, version });
        return;
    }
  },
});
