import type { BookingEvent, DepartureEvent } from '@tbo/event-schemas';
import { instant } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { insertOnce, upsertRow } from '../runner/rows';

/*
 * The seat claims not settled yet: seats taken whose booking event has not named them, and seats a cancelled,
 * declined or moved booking gives back and that are not released yet. The seat-claims sweep reads it to settle
 * the claims whose delayed job was lost (Redis restarted, attempts spent, a worker killed), so no claim keeps its
 * seats for good. It never decides: the sweep settles each listed claim on the streams, row or no row.
 * A projection of its own, so that adding it built itself on databases made before it.
 *
 * Rows are keyed by the claim and written by events of two streams (the departure's and the booking's): no
 * stream revision orders them, the store's global order does. The booking's append always follows its seat
 * append, and a release follows the booking event that asked for it.
 */

type ClaimEvent =
  | Extract<DepartureEvent, { type: 'DepartureSeatsTaken' | 'DepartureSeatsReleased' }>
  | Extract<BookingEvent, { type: 'BookingCreated' | 'BookingRescheduled' | 'BookingCancelled' | 'BookingDeclined' }>;

export const UNSETTLED_SEAT_CLAIMS_TABLE = 'unsettled_seat_claims';

/** 'settle': taken, its booking not seen yet; 'return': its booking gave it back, the release not seen yet. */
export type UnsettledClaimKind = 'settle' | 'return';

export const unsettledSeatClaimsProjection = defineProjection<ClaimEvent>({
  name: 'unsettled_seat_claims',
  version: 1,
  handles: ['DepartureSeatsTaken', 'DepartureSeatsReleased', 'BookingCreated', 'BookingRescheduled', 'BookingCancelled', 'BookingDeclined'],
  tables: {
    [UNSETTLED_SEAT_CLAIMS_TABLE]: (t) => {
      t.uuid('claim_id').primary();
      t.integer('booking_id').notNullable();
      t.integer('supplier_id').notNullable();
      t.integer('group_id').notNullable();
      /** Null: the group's departure (its slots share its seats). */
      t.integer('time_slot_id');
      t.date('date').notNullable();
      t.text('kind').notNullable();
      /** When the event that left the claim unsettled was recorded: the sweep waits a grace period past it. */
      instant(t, 'since').notNullable();
      t.index(['since']);
    },
  },
  async apply({ trx, table }, event) {
    const claims = () => trx(table(UNSETTLED_SEAT_CLAIMS_TABLE));
    const since = event.recordedAt;
    const toReturn = (claimId: string, bookingId: number, supplierId: number, departure: { groupId: number; timeSlotId: number | null; date: string }) =>
      upsertRow(trx, table(UNSETTLED_SEAT_CLAIMS_TABLE), { claim_id: claimId }, { booking_id: bookingId, supplier_id: supplierId, group_id: departure.groupId, time_slot_id: departure.timeSlotId, date: departure.date, kind: 'return', since });
    switch (event.type) {
      case 'DepartureSeatsTaken': {
        const d = event.data;
        await insertOnce(trx, table(UNSETTLED_SEAT_CLAIMS_TABLE), { claim_id: d.claimId, booking_id: d.bookingId, supplier_id: d.supplierId, group_id: d.groupId, time_slot_id: d.timeSlotId, date: d.date, kind: 'settle', since }, 'claim_id');
        return;
      }
      case 'DepartureSeatsReleased':
        // A release always gives back the whole claim.
        await claims().where({ claim_id: event.data.claimId }).delete();
        return;
      case 'BookingCreated':
        if (event.data.claimId) await claims().where({ claim_id: event.data.claimId }).delete();
        return;
      case 'BookingRescheduled': {
        const d = event.data;
        if (d.claimId) await claims().where({ claim_id: d.claimId }).delete();
        if (d.previousClaimId && d.previousDeparture && d.previousClaimId !== d.claimId) await toReturn(d.previousClaimId, d.id, d.supplierId, d.previousDeparture);
        return;
      }
      case 'BookingCancelled':
      case 'BookingDeclined': {
        const d = event.data;
        if (d.claimId && d.departure) await toReturn(d.claimId, d.id, d.supplierId, d.departure);
        return;
      }
    }
  },
});
