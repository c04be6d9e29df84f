import { BOOKING_STATUSES, type BookingEvent, type RecordedEvent } from '@tbo/event-schemas';
import { jobId } from '@tbo/kernel';
import { defineProcessManager, type ProcessManagerJob } from '@tbo/read-models';

export const TICKETS_QUEUE = 'booking-tickets';

/** One booking's tickets job: queued from its event, or by the sweep (tickets.sweep.ts) for one left unsettled. */
export interface BookingTicketJob {
  /** allocate: confirmed; reallocate: rescheduled (codes that no longer fit go back, new ones are taken); return: ended. */
  action: 'allocate' | 'reallocate' | 'return';
  bookingId: number;
  /** The booking event's revision: a replayed event queues the same job id. */
  revision: number;
  reason?: 'cancelled' | 'declined';
}

/**
 * The periodic sweep of bookings whose tickets disagree with their state (a job that ran out of attempts):
 * queued by the worker on this queue every few minutes, as job `TICKETS_SWEEP_JOB`.
 */
export interface TicketSweepJob {
  action: 'sweep';
}

export type TicketJob = BookingTicketJob | TicketSweepJob;

/** The sweep's job name (the processor goes by the job's action). */
export const TICKETS_SWEEP_JOB = 'tickets-sweep';

const job = (data: BookingTicketJob): ProcessManagerJob<TicketJob> => ({ queue: TICKETS_QUEUE, name: `tickets-${data.action}`, jobId: jobId('tickets', data.action, data.bookingId, data.revision), data });

/**
 * A booking that is confirmed (created confirmed, or confirmed later) takes its attraction ticket codes; one
 * rescheduled gives back codes that no longer fit it (other counts, a date past their expiry, or back to pending
 * on an On Request slot) and takes new ones when it is confirmed; one cancelled or declined gives them back. The
 * job finds out from the booking whether its offer needs tickets: a confirmation or reschedule event does not say.
 */
export const ticketsProcessManager = defineProcessManager({
  name: 'booking_tickets',
  handles: ['BookingCreated', 'BookingConfirmed', 'BookingRescheduled', 'BookingCancelled', 'BookingDeclined'],
  jobFor(event: RecordedEvent): ProcessManagerJob<TicketJob> | null {
    const e = event as unknown as BookingEvent;
    const base = { bookingId: e.data.id, revision: event.revision };
    switch (e.type) {
      case 'BookingCreated':
        return e.data.ticketsRequired && e.data.status === BOOKING_STATUSES.normal ? job({ ...base, action: 'allocate' }) : null;
      case 'BookingConfirmed':
        return job({ ...base, action: 'allocate' });
      case 'BookingRescheduled':
        return job({ ...base, action: 'reallocate' });
      case 'BookingCancelled':
        return job({ ...base, action: 'return', reason: 'cancelled' });
      case 'BookingDeclined':
        return job({ ...base, action: 'return', reason: 'declined' });
      default:
        return null;
    }
  },
});
