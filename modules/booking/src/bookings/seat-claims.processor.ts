import type { Job } from 'bullmq';
import { CommandRunner, type EventStore, type JobProcessor } from '@tbo/kernel';
import { SEAT_CLAIMS_QUEUE } from './seat-claims.process-manager';
import { settleSeatClaim, type SeatClaimJob } from './settle-seat-claim';

/** The worker's side of the seat claims process manager. */
export function seatClaimsProcessor(deps: { store: EventStore }): JobProcessor<SeatClaimJob> {
  const runner = new CommandRunner(deps.store);
  return { queue: SEAT_CLAIMS_QUEUE, concurrency: 4, process: (job: Job<SeatClaimJob>) => settleSeatClaim(runner, deps.store, job.data) };
}
