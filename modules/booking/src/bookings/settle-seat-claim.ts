import { CommandRunner, systemContext, type EventStore } from '@tbo/kernel';
import { releaseSeatClaim } from '@tbo/scheduling';
import { BOOKING_STATUS } from '../pure/booking-status.pure';
import { bookings } from './booking-stream';

export interface SeatClaimJob {
  bookingId: number;
  claimId: string;
  departure: { supplierId: number; groupId: number; timeSlotId: number | null; date: string };
}

export type SettleOutcome = 'sold' | 'released-cancelled' | 'released-unsettled' | 'released-moved';

/**
 * Makes a departure's seat claim agree with its booking. The booking holds the claim and stands: nothing to
 * do. It holds it but was cancelled or declined: the seats go back (the handler usually did that already).
 * It does not hold it (a crash between the seat append and the booking append, or a change of date that took
 * new seats): the claim is first voided on the booking's stream, with its expected revision, so a late
 * booking append fails instead of selling seats that are about to go back; then the seats are released.
 * Every step is idempotent: a repeated or retried job changes nothing more.
 */
export async function settleSeatClaim(runner: CommandRunner, store: EventStore, job: SeatClaimJob): Promise<SettleOutcome> {
  const context = systemContext('settle-seat-claim');
  const release = (reason: 'cancelled' | 'declined' | 'moved' | 'unsettled') => releaseSeatClaim(runner, store, { departure: job.departure, bookingId: job.bookingId, claimId: job.claimId, reason, context });
  const voided = await bookings.run(runner, job.bookingId, { type: 'VoidSeatClaim', claimId: job.claimId }, context);
  const view = voided.state.view;
  if (view?.claimId === job.claimId) {
    if (view.status !== BOOKING_STATUS.cancelled) return 'sold';
    await release(view.declineReason !== null ? 'declined' : 'cancelled');
    return 'released-cancelled';
  }
  await release(view ? 'moved' : 'unsettled');
  return view ? 'released-moved' : 'released-unsettled';
}
