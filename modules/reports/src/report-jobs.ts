import type { Knex } from 'knex';
import { allProjections, findAsOfBuild, runAsOfBuild, sweepAsOfBuilds, type EventFeed } from '@tbo/read-models';
import { UnrecoverableError, type JobProcessor } from '@tbo/kernel';

export const REPORTS_QUEUE = 'reports';

/** Replays a build (report_asof_builds) up to its moment. */
export interface AsOfJob {
  buildId: number;
}

/** The worker's reports jobs: 'asof' builds a report as of a moment; 'sweep' drops builds older than a day. */
export function reportsProcessor(deps: { db: Knex; store: EventFeed }): JobProcessor<AsOfJob | Record<string, never>> {
  return {
    queue: REPORTS_QUEUE,
    concurrency: 1,
    async process(job) {
      if (job.name === 'sweep') return { swept: await sweepAsOfBuilds(deps.db, allProjections) };
      const { buildId } = job.data as AsOfJob;
      if (!Number.isSafeInteger(buildId) || !(await findAsOfBuild(deps.db, buildId))) throw new UnrecoverableError(`No as-of build ${String(buildId)}`);
      // attemptsMade counts the attempts that failed before this one.
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const build = await runAsOfBuild(deps.db, deps.store, allProjections, buildId, undefined, { lastAttempt });
      return { events: build.events };
    },
  };
}
