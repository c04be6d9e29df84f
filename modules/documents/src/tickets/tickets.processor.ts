import type { Knex } from 'knex';
import { bookingForDocuments } from '@tbo/booking';
import { CommandRunner, UnrecoverableError, type Job, type JobProcessor } from '@tbo/kernel';
import { makeDocument, type DocumentsDeps } from '../documents.processor';
import { allocateTickets, returnTickets } from './ticket-allocation';
import { TICKETS_QUEUE, type BookingTicketJob, type TicketJob } from './tickets.process-manager';
import { sweepTickets } from './tickets.sweep';

const ACTIONS: readonly BookingTicketJob['action'][] = ['allocate', 'reallocate', 'return'];
const valid = (j: TicketJob | undefined): j is BookingTicketJob => !!j && j.action !== 'sweep' && ACTIONS.includes(j.action) && Number.isInteger(j.bookingId) && j.bookingId > 0;

/** Our advisory lock class (the event store's streams take 7300, projections 7301, seeds and reports as of 7302). */
const TICKET_JOBS_LOCK_CLASS = 7303;

/**
 * Runs `work` while no other tickets job of this booking runs, in any worker process: a Postgres advisory lock
 * held by a transaction of its own (nothing is written in it), released when the work ends or its process dies.
 * A booking confirmed and rescheduled in quick succession queues two jobs: run together, one could give back the
 * codes the other has just taken for it. One after the other, each decides on the booking as the last left it.
 */
export function oneJobPerBooking<T>(db: Knex, bookingId: number, work: () => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [TICKET_JOBS_LOCK_CLASS, bookingId]);
    return work();
  });
}

/**
 * Takes, swaps or gives back a booking's ticket codes; once a booking holds codes that fit it, makes its tickets
 * PDF for its current version at once (a retry after a crash finds the codes held and only makes the file).
 * The sweep job runs this for each booking left unsettled (tickets.sweep.ts).
 */
export async function processTicketJob(deps: DocumentsDeps, runner: CommandRunner, job: TicketJob): Promise<unknown> {
  if (job?.action === 'sweep') return sweepTickets(deps, (one) => processTicketJob(deps, runner, one));
  if (!valid(job)) throw new UnrecoverableError(`tickets: bad job ${JSON.stringify(job)}`);
  return oneJobPerBooking(deps.db, job.bookingId, async () => {
    if (job.action === 'return') return returnTickets(deps, runner, job.bookingId, job.reason ?? 'cancelled');
    const outcome = await allocateTickets(deps, runner, job.bookingId, { rescheduled: job.action === 'reallocate' });
    if (outcome.result === 'allocated' || outcome.result === 'already allocated') {
      const booking = await bookingForDocuments(deps.store, job.bookingId);
      if (booking) return { ...outcome, document: await makeDocument(deps, runner, { bookingId: job.bookingId, version: booking.version, kind: 'tickets', language: 'eng' }) };
    }
    return outcome;
  });
}

/** The worker's side of the tickets process manager, and of the periodic sweep (queued by the worker). One runner for the process: stock streams are queued in it. */
export function ticketsProcessor(deps: DocumentsDeps): JobProcessor<TicketJob> {
  const runner = new CommandRunner(deps.store);
  return { queue: TICKETS_QUEUE, concurrency: deps.concurrency ?? 4, process: (job: Job<TicketJob>) => processTicketJob(deps, runner, job.data) };
}
