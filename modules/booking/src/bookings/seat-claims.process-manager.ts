import type { BookingEvent, DepartureEvent, RecordedEvent } from '@tbo/event-schemas';
import { jobId } from '@tbo/kernel';
import { defineProcessManager, type ProcessManagerJob } from '@tbo/read-models';
import type { SeatClaimJob } from './settle-seat-claim';

export const SEAT_CLAIMS_QUEUE = 'booking-seat-claims';
/**
 * How long after seats are taken their claim is checked: far longer than a booking command takes, so the
 * check finds the booking written; a claim still without its booking then is a crash's leftover.
 */
export const SEAT_CLAIM_SETTLE_DELAY_MS = 60_000;

const job = (kind: 'settle' | 'return', data: SeatClaimJob, delayMs?: number): ProcessManagerJob<SeatClaimJob> => ({
  queue: SEAT_CLAIMS_QUEUE,
  name: 'settle-seat-claim',
  jobId: jobId(kind, data.claimId),
  data,
  ...(delayMs ? { delayMs } : {}),
});

/**
 * Seats taken are checked once their booking should exist; seats of a cancelled, declined or moved booking
 * are given back even when the command that changed the booking stopped before releasing them.
 */
export const seatClaimsProcessManager = defineProcessManager({
  name: 'booking_seat_claims',
  handles: ['DepartureSeatsTaken', 'BookingCancelled', 'BookingDeclined', 'BookingRescheduled'],
  jobFor(event: RecordedEvent) {
    const e = event as unknown as DepartureEvent | BookingEvent;
    switch (e.type) {
      case 'DepartureSeatsTaken': {
        const d = e.data;
        return job('settle', { bookingId: d.bookingId, claimId: d.claimId, departure: { supplierId: d.supplierId, groupId: d.groupId, timeSlotId: d.timeSlotId, date: d.date } }, SEAT_CLAIM_SETTLE_DELAY_MS);
      }
      case 'BookingCancelled':
      case 'BookingDeclined': {
        const d = e.data;
        if (!d.claimId || !d.departure) return null;
        return job('return', { bookingId: d.id, claimId: d.claimId, departure: { supplierId: d.supplierId, ...d.departure } });
      }
      case 'BookingRescheduled': {
        const d = e.data;
        if (!d.previousClaimId || !d.previousDeparture || d.previousClaimId === d.claimId) return null;
        return job('return', { bookingId: d.id, claimId: d.previousClaimId, departure: { supplierId: d.supplierId, ...d.previousDeparture } });
      }
      default:
        return null;
    }
  },
});
