import { systemContext, type CommandRunner, type EventStore } from '@tbo/kernel';
import { bookings } from './booking-stream';
import { settleSeatClaim, type SeatClaimJob } from './settle-seat-claim';

/**
 * What a booking create notes on its Idempotency-Key's claim before its first append (IdempotentWork): the booking
 * id it allocated and, when it sells seats, the claim it takes them under.
 */
export interface CreateRunNote {
  bookingId: number;
  claimId: string | null;
  departure: SeatClaimJob['departure'] | null;
}

/** A marker claim voided on a booking stream that sells no seats: any event there makes a late create's append fail. */
const NO_SEAT_CLAIM = 'no-seat-claim';

/** The note as it comes back from the claim's row (jsonb), or null when there is none or it is not one. */
export function createRunNote(work: unknown): CreateRunNote | null {
  if (!work || typeof work !== 'object') return null;
  const { bookingId, claimId, departure } = work as Partial<CreateRunNote>;
  if (typeof bookingId !== 'number' || !Number.isSafeInteger(bookingId)) return null;
  return { bookingId, claimId: typeof claimId === 'string' ? claimId : null, departure: departure && typeof departure === 'object' ? departure : null };
}

/**
 * A retry took over the Idempotency-Key of a create whose process died. Its booking was written: that booking is
 * the answer, as the lost answer would have been. It was not: its seats go back and its booking stream is closed
 * (settleSeatClaim voids the claim on it first, so a late append of that run fails), and the retry books afresh.
 * Either way the key ends with one booking.
 */
export async function settleEarlierCreate(runner: CommandRunner, store: EventStore, note: CreateRunNote): Promise<{ id: number; status: number } | null> {
  const id = note.bookingId;
  if (note.claimId && note.departure) {
    const outcome = await settleSeatClaim(runner, store, { bookingId: id, claimId: note.claimId, departure: note.departure });
    if (outcome === 'released-unsettled') return null;
  } else if (!(await bookings.load(store, id)).view) {
    const voided = await bookings.run(runner, id, { type: 'VoidSeatClaim', claimId: NO_SEAT_CLAIM }, systemContext('retried-create'));
    if (!voided.state.view) return null;
  }
  const view = (await bookings.load(store, id)).view!;
  return { id: view.id, status: view.status };
}
