import { recordedBookingEvent as recorded } from '../booking-events.testing';
import { TICKETS_QUEUE, ticketsProcessManager } from './tickets.process-manager';

describe('tickets process manager', () => {
  it('a reschedule queues a reallocation of the booking, one job per booking event (a replay queues the same id)', () => {
    expect(ticketsProcessManager.handles).toContain('BookingRescheduled');
    // Whatever the new status: back to pending gives the codes back, still confirmed swaps those that no longer fit.
    for (const status of [0, 1]) {
      const job = ticketsProcessManager.jobFor(recorded('BookingRescheduled', 4, { status, adults: 4, date: '2026-12-10' }));
      expect(job).toMatchObject({ queue: TICKETS_QUEUE, name: 'tickets-reallocate', data: { action: 'reallocate', bookingId: 1001, revision: 4 } });
      expect(ticketsProcessManager.jobFor(recorded('BookingRescheduled', 4, { status }))!.jobId).toBe(job!.jobId);
    }
    const later = ticketsProcessManager.jobFor(recorded('BookingRescheduled', 6))!;
    const allocate = ticketsProcessManager.jobFor(recorded('BookingConfirmed', 4))!;
    expect(new Set([ticketsProcessManager.jobFor(recorded('BookingRescheduled', 4))!.jobId, later.jobId, allocate.jobId]).size).toBe(3);
  });

  it('still allocates on confirmation, returns on cancellation and decline, and ignores the rest', () => {
    expect(ticketsProcessManager.jobFor(recorded('BookingCreated', 0, { ticketsRequired: true, status: 0 }))!.data).toEqual({ action: 'allocate', bookingId: 1001, revision: 0 });
    expect(ticketsProcessManager.jobFor(recorded('BookingCreated', 0, { ticketsRequired: true, status: 1 }))).toBeNull();
    expect(ticketsProcessManager.jobFor(recorded('BookingCreated', 0, { ticketsRequired: false, status: 0 }))).toBeNull();
    expect(ticketsProcessManager.jobFor(recorded('BookingConfirmed', 2))!.data).toEqual({ action: 'allocate', bookingId: 1001, revision: 2 });
    expect(ticketsProcessManager.jobFor(recorded('BookingCancelled', 3))!.data).toEqual({ action: 'return', bookingId: 1001, revision: 3, reason: 'cancelled' });
    expect(ticketsProcessManager.jobFor(recorded('BookingDeclined', 3))!.data).toEqual({ action: 'return', bookingId: 1001, revision: 3, reason: 'declined' });
    expect(ticketsProcessManager.jobFor(recorded('BookingGuestAmended', 3))).toBeNull();
  });
});
