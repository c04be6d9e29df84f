import type { Knex } from 'knex';
import type { EventFeed, Projection } from './projection';
import { ProjectionRunner, type RunnerLogger, type RunnerOptions } from './projection-runner';
import { WakeSignal } from './wake-signal';

/** Runs every given projection in this process (the worker; the API too in development and tests). */
export class ProjectionHost {
  private readonly runners: ProjectionRunner[];

  constructor(db: Knex, feed: EventFeed, projections: readonly Projection[], logger: RunnerLogger, options: RunnerOptions = {}) {
    // One wake-up and one head query per append for all of them, not one per projection.
    const signal = options.signal ?? new WakeSignal(feed);
    this.runners = projections.map((p) => new ProjectionRunner(db, feed, p, logger, { ...options, signal }));
  }

  async start(): Promise<void> {
    for (const r of this.runners) await r.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.stop()));
  }

  async catchUp(): Promise<void> {
    for (const r of this.runners) await r.catchUp();
  }
}
