import type { Job } from 'bullmq';
import type { Knex } from 'knex';
import { CommandRunner, type EventStore, type JobProcessor } from '@tbo/kernel';
import { expireHold, sweepExpiredHolds, type HoldExpiryJob } from './expire-hold';
import { HOLD_EXPIRY_QUEUE, SWEEP_HOLDS_JOB } from './hold-expiry.process-manager';

/** The worker's side of the hold-expiry process manager, and of the periodic sweep (queued by the worker). */
export function holdExpiryProcessor(deps: { store: EventStore; db: Knex }): JobProcessor<HoldExpiryJob | Record<string, never>> {
  const runner = new CommandRunner(deps.store);
  return {
    queue: HOLD_EXPIRY_QUEUE,
    concurrency: 4,
    process: (job: Job<HoldExpiryJob | Record<string, never>>) =>
      job.name === SWEEP_HOLDS_JOB ? sweepExpiredHolds({ db: deps.db, runner, store: deps.store }) : expireHold(runner, deps.store, job.data as HoldExpiryJob),
  };
}
