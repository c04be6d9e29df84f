import type { BookingEvent, RecordedOf } from '@tbo/event-schemas';
import { evolveBookingView, type BookingView } from '@tbo/booking/src/pure/booking-view.pure';
import { streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection, type ProjectionContext } from '../runner/projection';
import { insertIgnoringReplays } from '../runner/rows';
import { applyInRuns } from '../runner/runs';

/** Six columns a row: well under a statement's bind parameters. */
const CREATED_PER_INSERT = 500;

/**
 * One row per booking with the whole booking as its events leave it (the same fold the decider keeps), for
 * the booking's details: the confirmation page, the operator's panel, documents. Lists read the `bookings`
 * table, which has columns to filter and sort on; this one is read by id. A stream holding only a voided seat
 * claim is no booking and has no row.
 */
export const bookingDetailsProjection = defineProjection<BookingEvent>({
  name: 'booking_details',
  // 2: the check-in (BookingRedeemed, BookingNoShow) is part of the booking's details.
  // 3: a change of counts keeps what was paid beyond the price in AED too (paidBeyondPriceAed).
  version: 3,
  handles: ['BookingCreated', 'BookingConfirmed', 'BookingDeclined', 'BookingCancelled', 'BookingGuestAmended', 'BookingRescheduled', 'BookingCompleted', 'BookingTicketsAllocated', 'BookingTicketsReturned', 'BookingTicketsShort', 'BookingRedeemed', 'BookingNoShow'],
  tables: {
    booking_details: (t) => {
      supplierItemKey(t);
      t.integer('agency_id');
      t.integer('agent_id');
      t.jsonb('view').notNullable();
      streamVersion(t);
    },
  },
  async apply(ctx, event) {
    await applyDetails(ctx, [event]);
  },
  applyBatch: applyDetails,
});

/** Bookings created in a batch are inserted together; every other event folds its booking's row in order. */
async function applyDetails({ trx, table }: ProjectionContext, events: RecordedOf<BookingEvent>[]): Promise<void> {
  const details = table('booking_details');
  const at = (event: RecordedOf<BookingEvent>) => ({ revision: event.revision, recordedAt: event.recordedAt.toISOString(), userId: event.metadata.userId ?? null });
  await applyInRuns(
    events,
    (event): event is Extract<RecordedOf<BookingEvent>, { type: 'BookingCreated' }> => event.type === 'BookingCreated',
    (created) =>
      insertIgnoringReplays(
        trx,
        details,
        created.map((event) => {
          const view = evolveBookingView(null, event, at(event))!;
          return { id: view.id, supplier_id: view.supplierId, agency_id: view.agencyId, agent_id: view.agentId, view: JSON.stringify(view), version: event.revision };
        }),
        CREATED_PER_INSERT,
      ),
    async (event) => {
      const row = await trx(details).select('view', 'version').where({ id: event.data.id }).forUpdate().first<{ view: BookingView; version: number } | undefined>();
      if (!row || row.version >= event.revision) return;
      const view = evolveBookingView(row.view, event, at(event));
      if (view) await trx(details).where({ id: event.data.id }).update({ view: JSON.stringify(view), version: event.revision });
    },
  );
}
