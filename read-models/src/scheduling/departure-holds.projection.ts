import type { DepartureEvent } from '@tbo/event-schemas';
import { streamVersion } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { insertOnce, updateIfNewer } from '../runner/rows';

/*
 * The seats held on departures for OCTO reservations and not yet released: one row per hold. The hold-expiry
 * sweep reads it to release the holds whose expiry has passed, so a worker that was down when their delayed
 * jobs were due loses nothing. It never answers "is there a seat": a hold stops counting on the departure's
 * stream at its expiry, row or no row. A projection of its own (not the availability chart's), so that adding
 * it built itself on databases made before it, without rebuilding the chart.
 */

type HoldEvent = Extract<DepartureEvent, { type: 'DepartureSeatsHeld' | 'DepartureHoldExtended' | 'DepartureHoldReleased' | 'DepartureSeatsTaken' }>;

export const DEPARTURE_HOLDS_TABLE = 'departure_holds';

export const departureHoldsProjection = defineProjection<HoldEvent>({
  name: 'departure_holds',
  version: 1,
  handles: ['DepartureSeatsHeld', 'DepartureHoldExtended', 'DepartureHoldReleased', 'DepartureSeatsTaken'],
  tables: {
    [DEPARTURE_HOLDS_TABLE]: (t) => {
      t.uuid('claim_id').primary();
      /** The departure's stream; the key columns below name the departure for commands. */
      t.text('stream').notNullable();
      t.integer('supplier_id').notNullable();
      t.integer('group_id').notNullable();
      /** Null: the group's departure (its slots share its seats). */
      t.integer('time_slot_id');
      t.date('date').notNullable();
      t.integer('booking_id').notNullable();
      t.integer('seats').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      /** The revision of the departure stream's last event applied to the row: an older one changes nothing. */
      streamVersion(t);
      t.index(['expires_at']);
    },
  },
  async apply({ trx, table }, event) {
    const holds = () => trx(table(DEPARTURE_HOLDS_TABLE));
    const d = event.data;
    switch (event.type) {
      case 'DepartureSeatsHeld':
        await insertOnce(
          trx,
          table(DEPARTURE_HOLDS_TABLE),
          { claim_id: d.claimId, stream: event.streamId, supplier_id: d.supplierId, group_id: d.groupId, time_slot_id: d.timeSlotId, date: d.date, booking_id: d.bookingId, seats: event.data.seats, expires_at: event.data.expiresAt, version: event.revision },
          'claim_id',
        );
        return;
      case 'DepartureHoldExtended':
        await updateIfNewer(trx, table(DEPARTURE_HOLDS_TABLE), { claim_id: d.claimId }, event.revision, { expires_at: event.data.expiresAt });
        return;
      case 'DepartureHoldReleased':
        await holds().where({ claim_id: d.claimId }).delete();
        return;
      case 'DepartureSeatsTaken':
        // Confirmed: the hold became the booking's seats.
        if (event.data.fromHold) await holds().where({ claim_id: d.claimId }).delete();
        return;
    }
  },
});
