import type { BookingEvent, OctoEvent } from '@tbo/event-schemas';
import { instant, streamVersion, supplierAndAgency } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { insertOnce, updateIfNewer } from '../runner/rows';

/**
 * OCTO reservations, one row each, for the reseller's GET /octo/bookings: found by its reference, by the
 * supplier's (the booking id) or by the date booked, always within one supplier and one reseller agency. The
 * row names the reservation; the answer itself is read from its stream (and its booking's), so the list and
 * GET /octo/bookings/{uuid} say the same. `status` is what the reservation's own events say (ON_HOLD,
 * CONFIRMED, PENDING, CANCELLED): expiry is derived when read, from `expires_at`.
 *
 * Some of its booking's events (the booking id was allocated for the reservation, so a booking event naming it is
 * this row's; other bookings match no row): a move in the back office (BookingRescheduled) sets `local_date` to
 * the date it is on now, so a list by date finds it there; the supplier's confirmation of a pending booking
 * (BookingConfirmed) and a cancellation or decline in the back office keep when they were recorded, which the
 * booking's own fold does not (`booking_confirmed_at`, `booking_cancelled_at`). `booking_version` is the booking
 * stream's revision last applied, so a replayed booking event changes nothing.
 */
type FromBooking = 'BookingRescheduled' | 'BookingConfirmed' | 'BookingCancelled' | 'BookingDeclined';
type Handled = OctoEvent | Extract<BookingEvent, { type: FromBooking }>;
const fromBooking = (event: { type: string }): event is Extract<BookingEvent, { type: FromBooking }> => ['BookingRescheduled', 'BookingConfirmed', 'BookingCancelled', 'BookingDeclined'].includes(event.type);

export const octoBookingsProjection = defineProjection<Handled>({
  name: 'octo_bookings',
  // 2: the booking's date after a move, the supplier's confirmation, the back office's cancellation.
  version: 2,
  handles: ['OctoBookingReserved', 'OctoBookingExtended', 'OctoBookingConfirmed', 'OctoBookingUpdated', 'OctoBookingCancelled', 'BookingRescheduled', 'BookingConfirmed', 'BookingCancelled', 'BookingDeclined'],
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
      instant(t, 'booking_confirmed_at');
      instant(t, 'booking_cancelled_at');
      t.integer('booking_version');
      // The reseller's three ways of looking bookings up, each within its supplier and agency.
      t.index(['supplier_id', 'agency_id', 'local_date']);
      t.index(['supplier_id', 'agency_id', 'reseller_reference']);
      t.index(['booking_id']);
    },
  },
  async apply({ trx, table }, event) {
    const rows = table('octo_bookings');
    if (fromBooking(event)) {
      const columns = event.type === 'BookingRescheduled' ? { local_date: event.data.date } : event.type === 'BookingConfirmed' ? { booking_confirmed_at: event.recordedAt } : { booking_cancelled_at: event.recordedAt };
      await trx(rows)
        .where({ booking_id: event.data.id, supplier_id: event.data.supplierId })
        .andWhere((q) => q.whereNull('booking_version').orWhere('booking_version', '<', event.revision))
        .update({ ...columns, booking_version: event.revision });
      return;
    }
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
