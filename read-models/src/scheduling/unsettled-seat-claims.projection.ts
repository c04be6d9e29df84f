import type { BookingEvent, DepartureEvent, RecordedOf } from '@tbo/event-schemas';
import { instant } from '../runner/columns';
import { defineProjection, type ProjectionContext } from '../runner/projection';

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
  // Read by a sweep minutes later, never by someone waiting: applied in the larger batches of a background
  // projection, where a booking's take and its BookingCreated mostly cancel out before anything is written.
  background: true,
  apply: (ctx, event) => applyClaims(ctx, [event]),
  applyBatch: applyClaims,
});

type Row = Record<string, unknown>;
type Departure = { groupId: number; timeSlotId: number | null; date: string };
/** What a batch leaves of a claim: its row taken (kept if the table has it already), its row as a return, or none. */
type Outcome = { kind: 'taken'; row: Row } | { kind: 'return'; row: Row } | { kind: 'gone' };

const rowOf = (claimId: string, bookingId: number, supplierId: number, d: Departure, kind: UnsettledClaimKind, since: Date): Row => ({
  claim_id: claimId,
  booking_id: bookingId,
  supplier_id: supplierId,
  group_id: d.groupId,
  time_slot_id: d.timeSlotId,
  date: d.date,
  kind,
  since,
});

/**
 * The batch's events in order, folded into one outcome per claim, then written in at most three statements: a take
 * is inserted unless the table has the claim already (a replay), a return replaces the row, the rest are deleted.
 */
async function applyClaims({ trx, table }: ProjectionContext, events: readonly RecordedOf<ClaimEvent>[]): Promise<void> {
  const outcomes = new Map<string, Outcome>();
  for (const event of events) {
    const since = event.recordedAt;
    switch (event.type) {
      case 'DepartureSeatsTaken': {
        const d = event.data;
        if (!outcomes.has(d.claimId)) outcomes.set(d.claimId, { kind: 'taken', row: rowOf(d.claimId, d.bookingId, d.supplierId, d, 'settle', since) });
        break;
      }
      case 'DepartureSeatsReleased':
        // A release always gives back the whole claim.
        outcomes.set(event.data.claimId, { kind: 'gone' });
        break;
      case 'BookingCreated':
        if (event.data.claimId) outcomes.set(event.data.claimId, { kind: 'gone' });
        break;
      case 'BookingRescheduled': {
        const d = event.data;
        if (d.claimId) outcomes.set(d.claimId, { kind: 'gone' });
        if (d.previousClaimId && d.previousDeparture && d.previousClaimId !== d.claimId) {
          outcomes.set(d.previousClaimId, { kind: 'return', row: rowOf(d.previousClaimId, d.id, d.supplierId, d.previousDeparture, 'return', since) });
        }
        break;
      }
      case 'BookingCancelled':
      case 'BookingDeclined': {
        const d = event.data;
        if (d.claimId && d.departure) outcomes.set(d.claimId, { kind: 'return', row: rowOf(d.claimId, d.id, d.supplierId, d.departure, 'return', since) });
        break;
      }
    }
  }
  const of = (kind: Outcome['kind']) => [...outcomes].filter(([, o]) => o.kind === kind);
  const claims = () => trx(table(UNSETTLED_SEAT_CLAIMS_TABLE));
  const gone = of('gone').map(([claimId]) => claimId);
  const taken = of('taken').map(([, o]) => (o as { row: Row }).row);
  const returned = of('return').map(([, o]) => (o as { row: Row }).row);
  if (gone.length) await claims().whereIn('claim_id', gone).delete();
  if (taken.length) await claims().insert(taken).onConflict('claim_id').ignore();
  if (returned.length) await claims().insert(returned).onConflict('claim_id').merge();
}
