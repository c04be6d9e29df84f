import { bookingForDocuments } from '@tbo/booking';
import { CommandRunner, UnrecoverableError, type Job, type JobProcessor } from '@tbo/kernel';
import { makeDocument, type DocumentsDeps } from '../documents.processor';
import { allocateTickets, returnTickets } from './ticket-allocation';
import { TICKETS_QUEUE, type TicketJob } from './tickets.process-manager';

const valid = (j: TicketJob | undefined): j is TicketJob => !!j && (j.action === 'allocate' || j.action === 'return') && Number.isInteger(j.bookingId) && j.bookingId > 0;

/**
 * Takes or gives back a booking's ticket codes; once a booking holds its codes, makes its tickets PDF for its
 * current version at once (a retry after a crash finds the codes held and only makes the file).
 */
export async function processTicketJob(deps: DocumentsDeps, runner: CommandRunner, job: TicketJob): Promise<unknown> {
  if (!valid(job)) throw new UnrecoverableError(`tickets: bad job ${JSON.stringify(job)}`);
  if (job.action === 'return') return returnTickets(deps, runner, job.bookingId, job.reason ?? 'cancelled');
  const outcome = await allocateTickets(deps, runner, job.bookingId);
  if (outcome.result === 'allocated' || outcome.result === 'already allocated') {
    const booking = await bookingForDocuments(deps.store, job.bookingId);
    if (booking) return { ...outcome, document: await makeDocument(deps, runner, { bookingId: job.bookingId, version: booking.version, kind: 'tickets', language: 'eng' }) };
  }
  return outcome;
}

/** The worker's side of the tickets process manager. One runner for the process: stock streams are queued in it. */
export function ticketsProcessor(deps: DocumentsDeps): JobProcessor<TicketJob> {
  const runner = new CommandRunner(deps.store);
  return { queue: TICKETS_QUEUE, concurrency: deps.concurrency ?? 4, process: (job: Job<TicketJob>) => processTicketJob(deps, runner, job.data) };
}
