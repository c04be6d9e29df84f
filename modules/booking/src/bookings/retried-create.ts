import { systemContext, type CommandRunner, type EventStore } from '@tbo/kernel';
import { bookings } from './booking-stream';
import { settleSeatClaim, type SeatClaimJob } from './settle-seat-claim';

/**
 * What a booking create notes on its Idempotency-Key's claim before its first append (IdempotentWork): the booking
 * id it allocated, and the claim it takes seats under on `departure` (a booking that sells no seats has a claim id
 * all the same, only for a retry to void on its stream).
 */
export interface CreateRunNote {
  bookingId: number;
  claimId: string;
  departure: SeatClaimJob['departure'] | null;
}

/** The note as it comes back from the claim's row (jsonb), or null when there is none or it is not one. */
export function createRunNote(work: unknown): CreateRunNote | null {
  if (!work || typeof work !== 'object') return null;
  const { bookingId, claimId, departure } = work as Partial<CreateRunNote>;
  if (typeof bookingId !== 'number' || !Number.isSafeInteger(bookingId) || typeof claimId !== 'string') return null;
  return { bookingId, claimId, departure: departure && typeof departure === 'object' ? departure : null };
}

/**
 * A retry took over the Idempotency-Key of a create whose process died. Its booking was written: that booking is
 * the answer, as the lost answer would have been. It was not: its stream is closed (its claim voided there first,
 * so a late append of that run is refused: the decider refuses a booking on a stream with a voided claim), its
 * seats go back, and the retry books afresh. Either way the key ends with one booking.
 */
export async function settleEarlierCreate(runner: CommandRunner, store: EventStore, note: CreateRunNote): Promise<{ id: number; status: number } | null> {
  const id = note.bookingId;
  if (note.departure) {
    const outcome = await settleSeatClaim(runner, store, { bookingId: id, claimId: note.claimId, departure: note.departure });
    if (outcome === 'released-unsettled') return null;
  } else {
    const voided = await bookings.run(runner, id, { type: 'VoidSeatClaim', claimId: note.claimId }, systemContext('retried-create'));
    if (!voided.state.view) return null;
  }
  const view = (await bookings.load(store, id)).view!;
  return { id: view.id, status: view.status };
}
