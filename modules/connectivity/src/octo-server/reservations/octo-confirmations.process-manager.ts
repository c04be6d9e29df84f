import type { BookingEvent, RecordedEvent } from '@tbo/event-schemas';
import { CommandRunner, jobId, type EventStore, type Job, type JobProcessor } from '@tbo/kernel';
import type { Knex } from 'knex';
import { defineProcessManager, type ProcessManagerJob } from '@tbo/read-models';
import { settleOctoConfirmation, type OctoConfirmationJob } from './octo-booking-made';

export const OCTO_CONFIRMATIONS_QUEUE = 'octo-confirmations';
export const SETTLE_OCTO_CONFIRMATION_JOB = 'settle-octo-confirmation';
/**
 * How long after a booking made over OCTO its reservation is checked: far longer than a confirmation takes to
 * record itself, so the check finds it recorded; a reservation still ON_HOLD then is a crash's leftover.
 */
export const OCTO_CONFIRMATION_SETTLE_DELAY_MS = 60_000;

/**
 * A booking made from an OCTO reservation (BookingCreated, channel 'octo') is checked against its reservation a
 * minute later: one still ON_HOLD (the confirmation stopped after making the booking) is recorded confirmed, so
 * the reseller's GET, list and cancel see the booking that stands without having to retry. One job per booking.
 */
export const octoConfirmationsProcessManager = defineProcessManager({
  name: 'octo_confirmations',
  handles: ['BookingCreated'],
  jobFor(event: RecordedEvent): ProcessManagerJob<OctoConfirmationJob> | null {
    const e = event as unknown as BookingEvent;
    if (e.type !== 'BookingCreated') return null;
    const { id, supplierId, agencyId, channel } = e.data;
    if (channel !== 'octo' || agencyId === null) return null;
    return {
      queue: OCTO_CONFIRMATIONS_QUEUE,
      name: SETTLE_OCTO_CONFIRMATION_JOB,
      jobId: jobId('octo-confirm', id),
      data: { bookingId: id, supplierId, agencyId },
      delayMs: OCTO_CONFIRMATION_SETTLE_DELAY_MS,
    };
  },
});

/** The worker's side of the process manager. */
export function octoConfirmationsProcessor(deps: { store: EventStore; db: Knex }): JobProcessor<OctoConfirmationJob> {
  const runner = new CommandRunner(deps.store);
  return { queue: OCTO_CONFIRMATIONS_QUEUE, concurrency: 4, process: (job: Job<OctoConfirmationJob>) => settleOctoConfirmation({ ...deps, runner }, job.data) };
}
