import type { DepartureEvent, RecordedEvent } from '@tbo/event-schemas';
import { jobId } from '@tbo/kernel';
import { defineProcessManager, type ProcessManagerJob } from '@tbo/read-models';
import type { HoldExpiryJob } from './expire-hold';

export const HOLD_EXPIRY_QUEUE = 'booking-hold-expiry';
export const EXPIRE_HOLD_JOB = 'expire-hold';
export const SWEEP_HOLDS_JOB = 'sweep-expired-holds';

/**
 * A hold on a departure (an OCTO reservation) frees its seats on the departure's stream by itself at its
 * expiry; this writes the release then, so the availability read table's `held` and the reservation's
 * history say so too. One delayed job per expiry: an extension queues another for the new expiry, and the
 * job for the old one finds the hold still live and does nothing (the decider releases only an expired hold).
 * The job's id names the claim and the expiry, so a replayed event queues nothing twice.
 */
export const holdExpiryProcessManager = defineProcessManager({
  name: 'booking_hold_expiry',
  handles: ['DepartureSeatsHeld', 'DepartureHoldExtended'],
  jobFor(event: RecordedEvent): ProcessManagerJob<HoldExpiryJob> | null {
    const e = event as unknown as DepartureEvent;
    if (e.type !== 'DepartureSeatsHeld' && e.type !== 'DepartureHoldExtended') return null;
    const d = e.data;
    const expiresAt = Date.parse(d.expiresAt);
    return {
      queue: HOLD_EXPIRY_QUEUE,
      name: EXPIRE_HOLD_JOB,
      jobId: jobId('expire', d.claimId, expiresAt),
      data: { bookingId: d.bookingId, claimId: d.claimId, departure: { supplierId: d.supplierId, groupId: d.groupId, timeSlotId: d.timeSlotId, date: d.date }, expiresAt: d.expiresAt },
      // Relative to when the event is projected: one projected after its expiry (a worker back from a stop) runs at once.
      delayMs: Math.max(0, expiresAt - Date.now()),
    };
  },
});
