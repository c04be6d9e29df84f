import type { Job } from 'bullmq';
import type { Knex } from 'knex';
import { CommandRunner, type EventStore, type JobProcessor, type LogSink } from '@tbo/kernel';
import { SEAT_CLAIMS_QUEUE } from './seat-claims.process-manager';
import { settleSeatClaim, type SeatClaimJob } from './settle-seat-claim';
import { SWEEP_SEAT_CLAIMS_JOB, sweepSeatClaims } from './sweep-seat-claims';

/** The worker's side of the seat claims process manager, and of the periodic sweep (queued by the worker). */
export function seatClaimsProcessor(deps: { store: EventStore; db: Knex; log?: LogSink }): JobProcessor<SeatClaimJob | Record<string, never>> {
  const runner = new CommandRunner(deps.store);
  return {
    queue: SEAT_CLAIMS_QUEUE,
    concurrency: 4,
    process: (job: Job<SeatClaimJob | Record<string, never>>) =>
      job.name === SWEEP_SEAT_CLAIMS_JOB ? sweepSeatClaims({ db: deps.db, runner, store: deps.store, log: deps.log }) : settleSeatClaim(runner, deps.store, job.data as SeatClaimJob),
  };
}
